import { ADMIN_LIMIT, SECURITY_CENTER_TEXT as T, type TAssessment } from '@netguard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, scanServices } from '../src/db/schema.ts';
import { appendSecurityEvents } from '../src/modules/audit/security-events.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { enableTotp } from './mfa-helpers.ts';
import { call, type Headers, joinAs, message } from './security-center-helpers.ts';
import { ago, seedScan, seedVulnerability } from './seed.ts';

let ctx: TestContext;
/** Admin of a clean organization: MFA on, a recent scan with nothing risky open. */
let clean: Account;
/** Admin of an organization with one issue of each kind. */
let dirty: Account;
let auditor: Headers;
let viewer: Headers;
const DAY = 24 * 60;

beforeAll(async () => {
  ctx = await createTestApp();
  clean = await createAccount(ctx, 'clean-sc@example.com', 'Enterprise');
  dirty = await createAccount(ctx, 'dirty-sc@example.com', 'Enterprise');
  const audit = await createAccount(ctx, 'auditor-sc@example.com', 'Enterprise');
  const view = await createAccount(ctx, 'viewer-sc@example.com', 'Enterprise');
  auditor = await joinAs(ctx, dirty, audit, 'auditor');
  viewer = await joinAs(ctx, dirty, view, 'viewer');
  await enableTotp(ctx, clean);
  const recent = await seedScan(ctx, clean, { status: 'completed', createdAt: ago(120) });
  await ctx.db
    .insert(scanServices)
    .values({ scanId: recent.id, host: '127.0.0.1', port: 443, protocol: 'tcp', state: 'open' });
}, 60_000);
afterAll(() => ctx?.close());

const scan = (auth: Headers) => call(ctx, auth, 'POST', '/api/security/scan');
const metrics = (auth: Headers) => call(ctx, auth, 'GET', '/api/security/metrics');
const kinds = (a: TAssessment) => a.issues.map((i) => i.kind).sort();

describe('assessment', () => {
  it('finds nothing on a clean organization; with no evidence its compliance is not assessed', async () => {
    const res = await scan(clean.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().issues).toEqual([]);
    expect(res.json().risk_level).toBe('low');
    const m = (await metrics(clean.auth)).json();
    // A clean organization that collected no evidence has no compliance figure, never 100.
    expect(m.compliance).toMatchObject({ available: true, overallScore: null });
    expect(m.compliance.frameworks.map((f: { score: number | null }) => f.score)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('finds each kind of issue on data made for it, and keeps the assessment', async () => {
    // Stale: the only completed scan is 40 days old; it saw telnet and a redis asking for auth.
    const old = await seedScan(ctx, dirty, { status: 'completed', createdAt: ago(40 * DAY) });
    await ctx.db.insert(scanServices).values([
      { scanId: old.id, host: '127.0.0.5', port: 23, protocol: 'tcp', state: 'open' },
      {
        scanId: old.id,
        host: '127.0.0.5',
        port: 6379,
        protocol: 'tcp',
        state: 'open',
        service: 'redis',
        banner: '-NOAUTH Authentication required.',
      },
      { scanId: old.id, host: '127.0.0.5', port: 22, protocol: 'tcp', state: 'open' },
    ]);
    await seedVulnerability(ctx, dirty, old.id, { severity: 'critical', createdAt: ago(3 * DAY) });
    // A high one not yet due, and a medium one past due: neither is an issue.
    await seedVulnerability(ctx, dirty, old.id, { severity: 'high', createdAt: ago(60), port: 80 });
    await seedVulnerability(ctx, dirty, old.id, {
      severity: 'medium',
      createdAt: ago(30 * DAY),
      port: 81,
    });
    const key = { userId: dirty.userId, organizationId: dirty.organizationId };
    await ctx.db.insert(apiKeys).values([
      { ...key, name: 'old', prefix: 'ngk_aaaa', keyHash: 'h1', createdAt: ago(100 * DAY) },
      {
        ...key,
        name: 'used',
        prefix: 'ngk_bbbb',
        keyHash: 'h2',
        createdAt: ago(100 * DAY),
        lastUsedAt: ago(DAY),
      },
    ]);

    const res = await scan(dirty.auth);
    expect(res.statusCode).toBe(200);
    const a: TAssessment = res.json();
    // dirty, the auditor and the viewer have no MFA: three members.
    expect(kinds(a)).toEqual([
      'exposed_service',
      'member_without_mfa',
      'member_without_mfa',
      'member_without_mfa',
      'overdue_vulnerability',
      'stale_scans',
      'unused_api_key',
    ]);
    expect(a.issues.find((i) => i.kind === 'exposed_service')).toMatchObject({
      title: 'Telnet exposed on 127.0.0.5:23/tcp',
      fix_url: `/dashboard/scans/${old.id}`,
    });
    expect(a.issues.find((i) => i.kind === 'unused_api_key')?.title).toContain('"old"');
    expect(a.risk_level).toBe('critical');
    expect(T.scanCompleted(a.issues.length)).toBe(
      'Security scan completed. Found 7 potential issues.',
    );

    const m = (await metrics(dirty.auth)).json();
    expect(m.last_assessment).toEqual(a);
    expect(m.risk_level).toBe('critical');
    expect(m.risk_source).toBe('assessment');
  });

  it('explains the risk level (compliance: compliance-one-definition.test.ts)', async () => {
    const m = (await metrics(dirty.auth)).json();
    // The risk level names what it came from: the worst finding and the assessment's issues.
    expect(m.risk_verdict.verdict).toBe('critical');
    expect(m.risk_verdict.inputs.map((i: { label: string }) => i.label)).toEqual([
      'Open findings by risk level',
      'Highest risk',
      'Not yet assessed',
      'Security assessment',
    ]);
    expect(ADMIN_LIMIT).toBe(3);
  });
});

describe('metrics and events', () => {
  it('counts the last 24 hours and critical alerts of the organization only', async () => {
    const before = (await metrics(dirty.auth)).json();
    await ctx.app.accessEvents.flush();
    const settled = (await metrics(dirty.auth)).json();
    const who = { userId: dirty.userId, organizationId: dirty.organizationId };
    const meta = { ipAddress: '127.0.0.1', userAgent: null };
    await appendSecurityEvents(ctx.db, [
      { ...who, ...meta, eventType: 'suspicious_activity', severity: 'critical', description: 'x' },
      {
        ...who,
        ...meta,
        eventType: 'auth_attempt',
        severity: 'critical',
        description: 'old',
        createdAt: ago(2 * DAY),
      },
    ]);
    await ctx.app.accessEvents.flush();
    const after = (await metrics(dirty.auth)).json();
    await ctx.app.accessEvents.flush();
    // The new event, and the data_access event of the metrics read in between; not the old one.
    expect(after.security_events).toBe(settled.security_events + 2);
    expect(before.security_events).toBeGreaterThan(0);
    expect(after.critical_alerts.critical_events).toBe(before.critical_alerts.critical_events + 1);
    expect(after.critical_alerts.total).toBe(
      after.critical_alerts.critical_events + after.critical_alerts.open_critical_incidents,
    );
  });

  it('lists events filtered by type and severity, a page at a time', async () => {
    const crit = await call(
      ctx,
      dirty.auth,
      'GET',
      '/api/security/events?type=suspicious_activity&severity=critical',
    );
    expect(crit.statusCode).toBe(200);
    expect(crit.json().total).toBe(1);
    expect(crit.json().items[0]).toMatchObject({ description: 'x', risk_score: 16 });
    const page = await call(ctx, dirty.auth, 'GET', '/api/security/events?limit=2&offset=1');
    expect(page.json().items).toHaveLength(2);
    expect(page.json().total).toBeGreaterThan(3);
    const bad = await call(ctx, dirty.auth, 'GET', '/api/security/events?severity=huge');
    expect(bad.statusCode).toBe(400);
  });

  it('leaves out per-request permission grants when asked, and keeps denials', async () => {
    expect((await scan(viewer)).statusCode).toBe(403); // a denied check: not routine
    await ctx.app.accessEvents.flush();
    const list = async (query: string) =>
      (await call(ctx, dirty.auth, 'GET', `/api/security/events?limit=100&${query}`)).json() as {
        items: { description: string }[];
        total: number;
      };
    const granted = (e: { description: string }) => e.description.startsWith('Permission granted');
    const all = await list('grants=show');
    const quiet = await list('grants=hide');
    expect(all.items.some(granted)).toBe(true);
    expect(quiet.items.some(granted)).toBe(false);
    expect(quiet.items.some((e) => e.description.startsWith('Permission denied'))).toBe(true);
    expect(quiet.items.some((e) => e.description === 'x')).toBe(true);
    expect(quiet.total).toBeLessThan(all.total);
  });

  it('lists the events behind the Critical Alerts card: critical ones of the last 24 hours', async () => {
    const card = (await metrics(dirty.auth)).json().critical_alerts;
    const res = await call(
      ctx,
      dirty.auth,
      'GET',
      '/api/security/events?severity=critical&window=24h',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(card.critical_events);
    expect(res.json().items.map((e: { description: string }) => e.description)).toEqual(['x']);
    const bad = await call(ctx, dirty.auth, 'GET', '/api/security/events?window=1y');
    expect(bad.statusCode).toBe(400);
  });

  it('downloads the report as PDF and JSON', async () => {
    const pdf = await call(ctx, dirty.auth, 'GET', '/api/security/report?format=pdf&range=7d');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const json = await call(ctx, auditor, 'GET', '/api/security/report?format=json&range=24h');
    expect(json.statusCode).toBe(200);
    const report = JSON.parse(json.body);
    expect(report.range).toBe('24h');
    expect(report.assessment.issues).toHaveLength(7);
    expect(report.compliance).toMatchObject({ available: true, overallScore: null });
    expect(report.events.items.some((e: { description: string }) => e.description === 'old')).toBe(
      false,
    );
    expect(report.events.by_severity.critical).toBe(1);
  });
});

describe('roles and organizations', () => {
  it('lets the auditor read metrics and events but not run the scan; the viewer gets 403', async () => {
    expect((await metrics(auditor)).statusCode).toBe(200);
    expect((await call(ctx, auditor, 'GET', '/api/security/events')).statusCode).toBe(200);
    expect((await call(ctx, auditor, 'GET', '/api/security/policies')).statusCode).toBe(200);
    const denied = await scan(auditor);
    expect(denied.statusCode).toBe(403);
    expect(message(denied)).toBe('Insufficient permissions for security scan');
    for (const url of ['/api/security/metrics', '/api/security/events', '/api/security/report']) {
      expect((await call(ctx, viewer, 'GET', url)).statusCode).toBe(403);
    }
    const viewerScan = await scan(viewer);
    expect(viewerScan.statusCode).toBe(403);
    expect(message(viewerScan)).toBe(T.scanDenied);
  });

  it('answers a call without a session with "User not authenticated"', async () => {
    for (const [method, url] of [
      ['GET', '/api/security/metrics'],
      ['POST', '/api/security/scan'],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expect(res.statusCode).toBe(401);
      expect(message(res)).toBe('User not authenticated');
    }
    // Other areas keep their own wording.
    const other = await ctx.app.inject({ method: 'GET', url: '/api/scans' });
    expect(message(other)).not.toBe('User not authenticated');
  });

  it('shows another organization none of these events and 404 for one of them', async () => {
    const mine = await call(ctx, dirty.auth, 'GET', '/api/security/events?limit=100');
    const ids: string[] = mine.json().items.map((e: { id: string }) => e.id);
    expect(ids.length).toBeGreaterThan(0);
    expect((await call(ctx, dirty.auth, 'GET', `/api/security/events/${ids[0]}`)).statusCode).toBe(
      200,
    );
    const theirs = await call(ctx, clean.auth, 'GET', '/api/security/events?limit=100');
    const seen = theirs.json().items.map((e: { id: string }) => e.id);
    expect(seen.filter((id: string) => ids.includes(id))).toEqual([]);
    const other = await call(ctx, clean.auth, 'GET', `/api/security/events/${ids[0]}`);
    expect(other.statusCode).toBe(404);
    const m = (await metrics(clean.auth)).json();
    expect(m.last_assessment.issues).toEqual([]);
  });
});
