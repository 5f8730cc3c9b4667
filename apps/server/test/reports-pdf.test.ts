import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TReportType } from '@netguard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workers } from '../src/workers.ts';
import {
  type Account,
  createAccount,
  createTestApp,
  startTestWorkers,
  type TestContext,
} from './helpers.ts';
import { download, generateReady, seedReportData } from './reports-fixtures.ts';

/** The rendered PDFs and their first pages as PNG stay here for people to look at. */
const OUT_DIR = path.resolve(import.meta.dirname, '../../../artifacts/reports-pdf');

let ctx: TestContext;
let workers: Workers;
let owner: Account;

beforeAll(async () => {
  ctx = await createTestApp();
  workers = await startTestWorkers(ctx);
  owner = await createAccount(ctx, 'pdf-reports@example.com');
  await seedReportData(ctx, owner);
  mkdirSync(OUT_DIR, { recursive: true });
});
afterAll(async () => {
  await workers?.stop();
  await ctx?.close();
});

/** Generates a report, downloads its PDF, keeps it with a PNG of page 1 and returns its text. */
async function renderPdf(type: TReportType) {
  const report = await generateReady(ctx, owner, type);
  const res = await download(ctx, owner, report.id, 'pdf');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"$/);
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  const file = path.join(OUT_DIR, `${type}.pdf`);
  writeFileSync(file, res.rawPayload);
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    '1',
    file,
    file.replace(/\.pdf$/, ''),
  ]);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const pages = Number(
    /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1],
  );
  return { report, text: text.replace(/[ \t]+/g, ' '), pages };
}

describe('PDF reports, read back with pdftotext', () => {
  it('renders the executive summary with its risk, chart and findings', async () => {
    const { report, text, pages } = await renderPdf('executive');
    expect(text).toContain('NETGUARD | EXECUTIVE SUMMARY');
    expect(text).toContain('Executive Security Summary');
    expect(text).toContain(`Report ID ${report.id.split('-')[0]}`);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(report.summary);
    expect(text).toContain('Open issues by severity');
    expect(text).toMatch(/Critical\s+1\s/);
    // Each verdict is printed with the inputs it came from.
    expect(text).toContain('How the verdicts were reached');
    expect(flat).toContain('Overall risk HIGH. Inputs: Open findings by risk level 1 critical');
    expect(flat).toContain('Security score 5/100. Inputs:');
    expect(text).toContain('Remediate the 1 critical issue immediately.');
    expect(text).toContain('Scans included');
    expect(text).toContain('Weekly audit 9');
    expect(text).not.toContain('Weekly audit 10');
    expect(text).toContain(`Page 1 of ${pages}`);
  });

  it('renders the technical report with the top vulnerabilities table', async () => {
    const { text } = await renderPdf('technical');
    expect(text).toContain('Top 4 vulnerabilities by risk score');
    expect(text).toMatch(/1 Redis accepts commands without .*CRITICAL 95 192\.0\.2\.1:6379\/tcp/);
    expect(text).toContain('CVE-2022-0543');
    expect(text).toContain('Fix: TLS certificate expired');
    expect(text).not.toContain('Telnet service exposed');
    expect(text).toContain('Detection confidence');
    expect(text).toMatch(/CRITICAL 95 192\.0\.2\.1:6379\/tcp - 95%/);
    expect(text).toMatch(
      /Redis accepts commands without authentication: Confirmed by an active probe, QoD 95%: sent\s+PING, received \+PONG/,
    );
    expect(text).toContain('TLS certificate expired: Not recorded');
  });

  it('renders the compliance report with controls and frameworks', async () => {
    const { text } = await renderPdf('compliance');
    expect(text).toMatch(/Access Control\s+NON-COMPLIANT/);
    expect(text).toMatch(/Network Security\s+PARTIAL/);
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Access Control NON-COMPLIANT. Inputs: Open findings assessed critical 1',
    );
    expect(text).toMatch(/Vulnerability\s+IN PROGRESS/);
    expect(text).toContain('Frameworks: ISO 27001, NIST CSF, CIS Controls.');
    expect(text).toContain('Remediation timeline: 30-90 days.');
    expect(text).toContain('Framework statuses (compliance evidence)');
    expect(text).toContain('Available on Enterprise.');
  });

  it('renders the trend analysis with its posture and daily chart', async () => {
    const { text } = await renderPdf('trend');
    expect(text).toContain('DECLINING');
    // The spec's threshold word is printed only as the reference it was overridden against.
    expect(text.replace(/\s+/g, ' ')).toContain(
      "Reference: the spec's threshold (IMPROVING below 5 open issues, DECLINING above 20) gives IMPROVING for 4 open",
    );
    expect(text).toContain('Issues over the last 30 days');
    expect(text).toContain('Days with activity');
    expect(text).toMatch(/New issues\s+Resolved issues\s+Open issues/);
    expect(text).toContain(new Date().toISOString().slice(0, 10));
  });
});
