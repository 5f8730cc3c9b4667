// Issue 34, "one definition everywhere": the Enterprise Security Center (metrics and report), the
// dashboard home's Policy Compliance, the security posture's Compliance Status and the Compliance
// report read the compliance evidence module's framework statuses, the same figures as
// get-compliance-frameworks and get-compliance-dashboard for the same organization. Another
// organization's evidence never counts; a plan without compliance evidence gets no figure.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TComplianceStanding } from '@netguard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workers } from '../src/workers.ts';
import { call, collectNow, upload } from './evidence-helpers.ts';
import {
  type Account,
  createAccount,
  createTestApp,
  startTestWorkers,
  type TestContext,
} from './helpers.ts';
import { download, generateReady } from './reports-fixtures.ts';
import { ago, seedScan } from './seed.ts';

let ctx: TestContext;
let workers: Workers;
let ent: Account;
let rival: Account;
let bare: Account;
let pro: Account;
let free: Account;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);

beforeAll(async () => {
  ctx = await createTestApp();
  workers = await startTestWorkers(ctx);
  ent = await createAccount(ctx, 'onedef-ent@example.com', 'Enterprise');
  rival = await createAccount(ctx, 'onedef-rival@example.com', 'Enterprise');
  bare = await createAccount(ctx, 'onedef-bare@example.com', 'Enterprise');
  pro = await createAccount(ctx, 'onedef-pro@example.com', 'Professional');
  free = await createAccount(ctx, 'onedef-free@example.com');
  for (const who of [ent, rival, bare, pro, free])
    await seedScan(ctx, who, { status: 'completed', createdAt: ago(60) });
  // The rival collects everything and uploads reviewed evidence; the organization only SOC 2.
  await collectNow(ctx, rival, {});
  const up = await upload(ctx, rival, 'policy.png', PNG, { type: 'screenshot' });
  expect(up.statusCode, up.body).toBe(201);
  await collectNow(ctx, ent, { frameworkId: 'soc2' });
}, 120_000);
afterAll(async () => {
  await workers?.stop();
  await ctx?.close();
});

/** The text of a PDF (pdftotext, as reports-pdf.test.ts reads them). */
function pdfText(bytes: Buffer) {
  const dir = mkdtempSync(path.join(tmpdir(), 'onedef-'));
  const file = path.join(dir, 'r.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const get = async (who: Account, url: string) => {
  const res = await call(ctx, who, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

type Card = TComplianceStanding['frameworks'][number];
/** What the evidence module says, framework by framework: the figures every page must show. */
const figures = (frameworks: Card[]) =>
  Object.fromEntries(
    frameworks.map((f) => [f.id, { score: f.score, statusCounts: f.statusCounts }]),
  );

/** The evidence module's own reads for `who`: its frameworks and its overall score. */
async function evidenceOf(who: Account) {
  const list = await get(who, '/api/compliance/frameworks');
  const dashboard = await get(who, '/api/compliance/dashboard');
  expect(figures(dashboard.frameworks)).toEqual(figures(list.frameworks));
  return { frameworks: figures(list.frameworks), overall: dashboard.overallScore as number | null };
}

/** Every other page's compliance standing for `who`. */
async function pagesOf(who: Account) {
  const metrics = await get(who, '/api/security/metrics');
  const home = await get(who, '/api/dashboard');
  const posture = await get(who, '/api/analytics/security-posture');
  const securityReport = JSON.parse(
    (await call(ctx, who, 'GET', '/api/security/report?format=json&range=7d')).body,
  );
  const report = await generateReady(ctx, who, 'compliance');
  return { metrics, home, posture, securityReport, report };
}

describe('one compliance definition', () => {
  it('gives the security center, dashboard, posture and Compliance report the evidence module’s figures', async () => {
    const evidence = await evidenceOf(ent);
    // SOC 2 was collected: it has verdicts; the requirements without evidence stay not assessed.
    expect(evidence.frameworks.soc2?.score).not.toBeNull();
    expect(evidence.overall).not.toBeNull();
    const pages = await pagesOf(ent);
    const standings: TComplianceStanding[] = [
      pages.metrics.compliance,
      pages.home.compliance,
      pages.posture.compliance,
      pages.securityReport.compliance,
      pages.report.content.framework_statuses,
    ];
    for (const s of standings) {
      expect(s.available).toBe(true);
      expect(figures(s.frameworks)).toEqual(evidence.frameworks);
      expect(s.overallScore).toBe(evidence.overall);
    }
    expect(pages.home.security_overview.policy_compliance).toBe(evidence.overall);
    expect(pages.posture.coverage_metrics.policy_compliance).toBe(evidence.overall);
    expect(pages.report.summary).toContain(`SOC 2 ${evidence.frameworks.soc2?.score}%`);
    const csv = (await download(ctx, ent, pages.report.id, 'csv')).body;
    expect(csv).toContain(`framework: SOC 2,${evidence.frameworks.soc2?.score}%`);
    // The PDFs print the same figures: the Compliance report's and the Security Center's.
    const pdfs = [
      await download(ctx, ent, pages.report.id, 'pdf'),
      await call(ctx, ent, 'GET', '/api/security/report?format=pdf&range=7d'),
    ];
    for (const pdf of pdfs) {
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain('Framework statuses');
      expect(text).toMatch(new RegExp(`SOC 2\\s+${evidence.frameworks.soc2?.score}%`));
      expect(text).toContain(`Overall: ${evidence.overall}%`);
    }
  });

  it('never counts another organization’s evidence: nothing collected reads not assessed', async () => {
    const rivalEvidence = await evidenceOf(rival);
    expect(rivalEvidence.overall).not.toBeNull();
    const evidence = await evidenceOf(bare);
    expect(evidence.overall).toBeNull();
    const pages = await pagesOf(bare);
    for (const s of [
      pages.metrics.compliance,
      pages.home.compliance,
      pages.posture.compliance,
      pages.report.content.framework_statuses,
    ] as TComplianceStanding[]) {
      expect(s).toMatchObject({ available: true, overallScore: null });
      expect(s.frameworks).toHaveLength(5);
      for (const f of s.frameworks) {
        expect(f.score).toBeNull();
        expect(f.statusCounts.compliant + f.statusCounts.non_compliant).toBe(0);
      }
    }
    expect(pages.home.security_overview.policy_compliance).toBeNull();
    expect(pages.report.summary).toContain('SOC 2 not assessed');
  });

  it('shows no compliance figure on a plan without compliance evidence', async () => {
    const off = { available: false, frameworks: [], overallScore: null };
    const proHome = await get(pro, '/api/dashboard');
    expect(proHome.compliance).toEqual(off);
    expect(proHome.security_overview.policy_compliance).toBeNull();
    const posture = await get(pro, '/api/analytics/security-posture');
    expect(posture.compliance).toEqual(off);
    expect(posture.coverage_metrics.policy_compliance).toBeNull();
    const report = await generateReady(ctx, pro, 'compliance');
    expect(report.content.framework_statuses).toEqual(off);
    expect(report.summary).toContain('Framework statuses: Available on Enterprise');
    const freeHome = await get(free, '/api/dashboard');
    expect(freeHome.compliance).toEqual(off);
    // The Security Center stays Enterprise, as before.
    expect((await call(ctx, pro, 'GET', '/api/security/metrics')).statusCode).toBe(402);
  });
});
