import { REPORT_TEXT } from '@netguard/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports, userRoles } from '../src/db/schema.ts';
import { createLogger } from '../src/lib/logger.ts';
import { runReport } from '../src/modules/reports/reports.jobs.ts';
import type { Workers } from '../src/workers.ts';
import {
  type Account,
  createAccount,
  createTestApp,
  startTestWorkers,
  type TestContext,
} from './helpers.ts';
import {
  download,
  generateReady,
  generateReport,
  getReport,
  REDIS_DETECTION,
  seedReportData,
  waitReady,
} from './reports-fixtures.ts';
import { ago, seedScan } from './seed.ts';

let ctx: TestContext;
let workers: Workers;
let alice: Account;
let bob: Account;
let newestScanId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  workers = await startTestWorkers(ctx);
  alice = await createAccount(ctx, 'alice-reports@example.com');
  bob = await createAccount(ctx, 'bob-reports@example.com');
  newestScanId = (await seedReportData(ctx, alice)).newest.id;
});
afterAll(async () => {
  await workers?.stop();
  await ctx?.close();
});

/** A report row left generating, as if its job had not run yet. */
async function insertGenerating(owner: Account, createdAt: Date) {
  const [row] = await ctx.db
    .insert(reports)
    .values({
      userId: owner.userId,
      organizationId: owner.organizationId,
      reportType: 'executive',
      title: 'Executive Security Summary',
      status: 'generating',
      createdAt,
    })
    .returning();
  return row!;
}

const list = (owner: Account, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/reports${query}`, headers: owner.auth });

describe('generating reports from the 10 most recent completed scans', () => {
  it('generates an executive summary: risk HIGH with an open critical issue', async () => {
    const created = await generateReport(ctx, alice, 'executive');
    expect(created.statusCode).toBe(202);
    expect(created.json()).toMatchObject({ status: 'generating', scan_id: newestScanId });

    const report = await waitReady(ctx, alice, created.json().id);
    expect(report.summary).toBe(
      'Overall risk HIGH: 4 open issues (risk 1 critical, 1 high, 0 medium, 2 low) across 10 completed scans; security score 5/100.',
    );
    const c = report.content;
    expect(c.scans).toHaveLength(10);
    expect(c.scans.map((s: { scan_name: string }) => s.scan_name)).not.toContain('Weekly audit 10');
    // The finding seen only by the 11th scan, and the running scan's, are left out.
    expect(c.totals).toEqual({ found: 6, open: 4, mitigated: 1, fixed: 1 });
    expect(c.severity).toEqual({ critical: 1, high: 1, medium: 0, low: 1, info: 1 });
    expect(c.risk_level).toBe('HIGH');
    expect(c.key_findings).toContain('Most affected host: 192.0.2.1 (3 open issues).');
    expect(c.recommendations).toContain('Remediate the 1 critical issue immediately.');
    expect(c.recommendations).toContain('Remediate the 1 high issue within 24-48 hours.');
    expect(c.verdicts.map((v: { name: string; verdict: string }) => v.verdict)).toEqual([
      'HIGH',
      '5/100',
    ]);
    expect(c.verdicts[0].inputs[1]).toEqual({
      label: 'Highest risk',
      value: '95 (critical): Redis accepts commands without authentication on 192.0.2.1',
    });
  });

  it('generates a technical report: open issues by risk_score, highest first', async () => {
    const report = await generateReady(ctx, alice, 'technical');
    const top = report.content.top_vulnerabilities;
    expect(top.map((v: { risk_score: number }) => v.risk_score)).toEqual([95, 80, 20, 1]);
    expect(top[0]).toMatchObject({
      title: 'Redis accepts commands without authentication',
      host: '192.0.2.1',
      port: 6379,
      cve_id: 'CVE-2022-0543',
      solution: 'Fix: Redis accepts commands without authentication',
      detection: REDIS_DETECTION,
    });
    expect(top[1].detection).toBeNull();
    expect(report.summary).toContain('highest risk 95: Redis accepts commands');
  });

  it('generates a compliance report with the three controls and frameworks', async () => {
    const report = await generateReady(ctx, alice, 'compliance');
    const c = report.content;
    expect(c.controls.map((x: { name: string; status: string }) => [x.name, x.status])).toEqual([
      ['Access Control', 'NON-COMPLIANT'],
      // 4 open issues are below the spec's 10, but a critical and a high-risk one are open.
      ['Network Security', 'PARTIAL'],
      ['Vulnerability Management', 'IN PROGRESS'],
    ]);
    expect(c.verdicts[1].reference).toContain('gives COMPLIANT');
    expect(c.frameworks).toEqual(['ISO 27001', 'NIST CSF', 'CIS Controls']);
    expect(c.remediation_timeline).toBe('30-90 days');
    expect(c.controls[2].references).toMatchObject({ 'ISO 27001': 'A.8.8', 'CIS Controls': '7' });
    // A Free plan has no compliance evidence: the report says so and shows no framework figure.
    expect(c.framework_statuses).toEqual({ available: false, frameworks: [], overallScore: null });
  });

  it('generates a trend analysis over 30 days', async () => {
    const report = await generateReady(ctx, alice, 'trend');
    const c = report.content;
    // 6 new and 2 resolved, 0 open before: more open than at the start, whatever the spec's
    // threshold (below 5 open) would say.
    expect(c).toMatchObject({ period_days: 30, posture: 'DECLINING', new_issues: 6 });
    expect(c).toMatchObject({ resolved_issues: 2, open_at_start: 0 });
    expect(c.verdicts[0].reference).toContain('gives IMPROVING');
    expect(c.days).toHaveLength(30);
    expect(c.days.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
    expect(c.days.at(-1).open_issues).toBe(4);
    expect(c.days.reduce((n: number, d: { scans: number }) => n + d.scans, 0)).toBe(10);
  });

  it('refuses to generate without a completed scan', async () => {
    await seedScan(ctx, bob, { status: 'failed' });
    const res = await generateReport(ctx, bob, 'executive');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(REPORT_TEXT.noData);
  });
});

describe('the report list', () => {
  it('lists newest first, searches title and summary, filters by type', async () => {
    const all = (await list(alice)).json();
    expect(all.total).toBe(4);
    expect(all.items.map((r: { report_type: string }) => r.report_type)).toEqual([
      'trend',
      'compliance',
      'technical',
      'executive',
    ]);
    const byTitle = (await list(alice, '?search=compliance%20assessment')).json();
    expect(byTitle.items.map((r: { report_type: string }) => r.report_type)).toEqual([
      'compliance',
    ]);
    const bySummary = (await list(alice, '?search=risk%20HIGH')).json();
    expect(bySummary.items.map((r: { title: string }) => r.title)).toEqual([
      'Executive Security Summary',
    ]);
    const byType = (await list(alice, '?type=technical')).json();
    expect(byType).toMatchObject({ total: 1, items: [{ title: 'Technical Security Report' }] });
    expect(byType.items[0]).not.toHaveProperty('content');
    // The list carries each report's verdicts, for the hover that names their inputs.
    const verdicts = (r: { verdicts: { name: string }[] }) => r.verdicts.map((v) => v.name);
    expect(all.items.map(verdicts)).toEqual([
      ['Security posture'],
      ['Access Control', 'Network Security', 'Vulnerability Management'],
      ['Security score'],
      ['Overall risk', 'Security score'],
    ]);
  });

  it('rejects bad input with 400 and a message', async () => {
    const cases = [
      [await generateReport(ctx, alice, 'weekly'), 'Report type must be one of'],
      [await list(alice, '?type=weekly'), 'Type must be one of'],
      [await list(alice, `?search=${'x'.repeat(201)}`), 'Search must be at most 200 characters'],
      [await getReport(ctx, alice, 'not-a-uuid'), 'Invalid UUID format'],
      [await download(ctx, alice, crypto.randomUUID(), 'docx'), 'Format must be one of'],
    ] as const;
    for (const [res, message] of cases) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
  });
});

describe('downloads', () => {
  it('serves CSV and JSON as attachments', async () => {
    const [technical] = (await list(alice, '?type=technical')).json().items;
    const csv = await download(ctx, alice, technical.id, 'csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="netguard-technical-report-\\d{4}-\\d{2}-\\d{2}-${technical.id.split('-')[0]}\\.csv"$`,
      ),
    );
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'rank,title,severity,risk_score,host,port,protocol,service,vulnerability_type,cve_id,solution,detection_method,detection_qod,detection_detail',
    );
    expect(lines[1]).toMatch(/^1,Redis accepts commands without authentication,critical,95,/);
    expect(lines[1]).toMatch(/,active_probe,95,"sent PING, received \+PONG"$/);
    expect(lines[2]).toMatch(/,,,$/);
    // Below the findings, the report's verdict with the inputs it came from (issue 32).
    expect(lines).toHaveLength(6);
    expect(lines[5]).toMatch(/^verdict,"?Security score \d+\/100\. Inputs: .+,{12}$/);

    const [trend] = (await list(alice, '?type=trend')).json().items;
    const trendLines = (await download(ctx, alice, trend.id, 'csv')).body.trim().split('\r\n');
    expect(trendLines[0]).toBe('date,scans_completed,new_issues,resolved_issues,open_issues');
    expect(trendLines.at(-1)).toMatch(
      /^verdict,"?Security posture (IMPROVING|STABLE|DECLINING)\. Inputs: Open at the start of the period \d+; New in the period \d+;.*,,,$/,
    );

    const json = await download(ctx, alice, technical.id, 'json');
    expect(json.headers['content-disposition']).toMatch(/\.json"$/);
    expect(json.json()).toMatchObject({ id: technical.id, content: { type: 'technical' } });
  });

  it('answers 409 while a report is still generating', async () => {
    const row = await insertGenerating(alice, ago(1));
    const res = await download(ctx, alice, row.id, 'pdf');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(REPORT_TEXT.notReady);
  });
});

describe('the generation job', () => {
  it('fails a report whose organization has no completed scan', async () => {
    const row = await insertGenerating(bob, ago(1));
    await runReport({ db: ctx.db, log: createLogger('silent') }, row.id, false);
    const report = (await getReport(ctx, bob, row.id)).json();
    expect(report).toMatchObject({ status: 'failed', error: REPORT_TEXT.noData, content: null });
    const res = await download(ctx, bob, row.id, 'csv');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(REPORT_TEXT.noData);
  });

  it('marks a report failed when its job never finished', async () => {
    const row = await insertGenerating(bob, ago(11));
    const listed = (await list(bob)).json().items.find((r: { id: string }) => r.id === row.id);
    expect(listed).toMatchObject({ status: 'failed', error: REPORT_TEXT.stale });
  });
});

describe('isolation', () => {
  it('keeps one account from listing, reading or downloading another’s report', async () => {
    const [report] = (await list(alice)).json().items;
    const bobs = (await list(bob)).json().items.map((r: { id: string }) => r.id);
    expect(bobs).not.toContain(report.id);
    const read = await getReport(ctx, bob, report.id);
    expect(read.statusCode).toBe(404);
    expect(read.json().error).toEqual({ code: 'not_found', message: 'Report not found' });
    for (const format of ['pdf', 'csv', 'json']) {
      expect((await download(ctx, bob, report.id, format)).statusCode).toBe(404);
    }
  });
});

describe('roles', () => {
  it('lets a viewer neither list nor generate reports (spec: reports need analyst or auditor)', async () => {
    await ctx.db.update(userRoles).set({ role: 'viewer' }).where(eq(userRoles.userId, bob.userId));
    for (const res of [await list(bob), await generateReport(ctx, bob, 'trend')]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(REPORT_TEXT.denied);
    }
    await ctx.db.update(userRoles).set({ role: 'auditor' }).where(eq(userRoles.userId, bob.userId));
    expect((await list(bob)).statusCode).toBe(200);
  });
});
