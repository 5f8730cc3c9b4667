import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  createAccount,
  createTestApp,
  setPlan,
  type TestContext,
} from './helpers.ts';
import { ago, seedReport, seedScan, seedService, seedVulnerability, subscribe } from './seed.ts';

const DAY = 24 * 60;
let ctx: TestContext;
let analyst: Account;
let free: Account;
let empty: Account;
const get = (url: string, who: Account) =>
  ctx.app.inject({ method: 'GET', url, headers: who.auth });

beforeAll(async () => {
  ctx = await createTestApp();
  analyst = await createAccount(ctx, 'analyst@example.com');
  free = await createAccount(ctx, 'free@example.com');
  empty = await createAccount(ctx, 'empty@example.com');

  const s1 = await seedScan(ctx, analyst, {
    status: 'completed',
    targets: ['192.0.2.1', '192.0.2.2'],
    createdAt: ago(120),
    durationMinutes: 10,
  });
  const s2 = await seedScan(ctx, analyst, {
    status: 'completed',
    targets: ['192.0.2.3'],
    createdAt: ago(100),
    durationMinutes: 20,
  });
  await seedScan(ctx, analyst, { status: 'failed', targets: ['192.0.2.2'], createdAt: ago(50) });
  await seedScan(ctx, analyst, { status: 'running', targets: ['192.0.2.4'], createdAt: ago(10) });
  await seedScan(ctx, analyst, { status: 'pending', targets: ['192.0.2.5'], createdAt: ago(5) });
  const old = await seedScan(ctx, analyst, {
    status: 'completed',
    targets: ['192.0.2.9'],
    createdAt: ago(40 * DAY),
    durationMinutes: 60,
  });

  await seedVulnerability(ctx, analyst, s1.id, {
    severity: 'critical',
    host: '192.0.2.1',
    port: 22,
  });
  await seedVulnerability(ctx, analyst, s1.id, {
    severity: 'high',
    host: '192.0.2.1',
    port: 80,
    mitigated: true,
  });
  await seedVulnerability(ctx, analyst, s1.id, {
    severity: 'medium',
    host: '192.0.2.2',
    port: 80,
    createdAt: ago(8 * DAY),
  });
  await seedVulnerability(ctx, analyst, s1.id, {
    severity: 'low',
    host: '192.0.2.2',
    port: null,
    type: 'outdated_software',
  });
  await seedVulnerability(ctx, analyst, s1.id, { severity: 'info', host: '192.0.2.3', port: 22 });
  await seedVulnerability(ctx, analyst, old.id, { severity: 'critical', createdAt: ago(40 * DAY) });

  // Three distinct open services in the window (one seen by two scans), one only in the old scan.
  await seedService(ctx, s1.id, '192.0.2.1', 22);
  await seedService(ctx, s1.id, '192.0.2.1', 53, 'udp');
  await seedService(ctx, s1.id, '192.0.2.2', 80);
  await seedService(ctx, s2.id, '192.0.2.2', 80);
  await seedService(ctx, old.id, '192.0.2.9', 443);

  await seedReport(ctx, analyst, ago(60));
  await seedReport(ctx, analyst, ago(3 * DAY));
  await seedReport(ctx, analyst, ago(10 * DAY));
});
afterAll(() => ctx.close());

describe('GET /api/dashboard', () => {
  it('computes the home numbers from the organization’s rows', async () => {
    const res = await get('/api/dashboard', analyst);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.recent_scans.map((s: { status: string }) => s.status)).toEqual([
      'pending',
      'running',
      'failed',
      'completed',
      'completed',
    ]);
    expect(body.scans).toEqual({ total: 6, running: 1, completed: 3, failed: 1 });
    expect(body.vulnerabilities).toEqual({
      total: 6,
      critical: 2,
      high: 1,
      medium: 1,
      low: 1,
      info: 1,
      mitigated: 1,
    });
    expect(body.reports_last_7_days).toBe(2);
    expect(body.success_rate).toBe(75);
  });

  it('measures no scan figure for a new account; no Policy Compliance below Enterprise', async () => {
    for (const who of [empty, free]) {
      const res = await get('/api/dashboard', who);
      // Compliance evidence is Enterprise: Policy Compliance has no figure, never one made up.
      expect(res.json()).toMatchObject({
        recent_scans: [],
        success_rate: null,
        reports_last_7_days: 0,
        security_overview: {
          network_coverage: null,
          mitigation_rate: null,
          policy_compliance: null,
        },
        compliance: { available: false, frameworks: [], overallScore: null },
      });
    }
  });
});

describe('analytics', () => {
  it('are refused to accounts without a subscription', async () => {
    for (const url of [
      '/api/analytics/overview',
      '/api/analytics/security-posture?timeframe=30d',
    ]) {
      const res = await get(url, free);
      expect(res.statusCode).toBe(402);
      expect(res.json().error).toEqual({
        code: 'payment_required',
        message:
          'Analytics is part of the Professional and Enterprise plans. Upgrade on the Billing page.',
        details: { feature: 'analytics', tier: 'Professional' },
      });
    }
  });

  it('treat an expired subscription as none', async () => {
    await subscribe(ctx, free, ago(60));
    expect((await get('/api/subscription', free)).json()).toMatchObject({
      subscribed: false,
      tier: 'Free',
    });
    expect((await get('/api/analytics/overview', free)).statusCode).toBe(402);
  });

  it('computes the overview from rows inside the timeframe', async () => {
    await subscribe(ctx, analyst);
    const status = (await get('/api/subscription', analyst)).json();
    expect(status).toMatchObject({
      subscribed: true,
      tier: 'Professional',
      product_id: 'prod_netguard_professional',
    });

    const res = await get('/api/analytics/overview?timeframe=30d', analyst);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total_scans: 5,
      total_vulnerabilities: 5,
      total_reports: 3,
      success_rate: 67,
      avg_scan_duration: 15,
    });
    const wider = (await get('/api/analytics/overview?timeframe=90d', analyst)).json();
    expect(wider).toMatchObject({
      total_scans: 6,
      total_vulnerabilities: 6,
      avg_scan_duration: 30,
    });
  });

  it('computes the security posture', async () => {
    const res = await get('/api/analytics/security-posture', analyst);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Open: two critical findings (one 40 days old and overdue), medium, low, info; unassessed,
    // the critical ones count at the critical floor (90): the score is 10, not 88.
    expect(body).toMatchObject({
      coverage_metrics: { network_coverage: 40, mitigation_rate: 20, policy_compliance: null },
      risk_distribution: { high: 25, medium: 25, low: 50 },
      security_score: 10,
      threat_landscape: { critical_vulnerabilities: 1, open_ports: 3, outdated_services: 1 },
      // Professional: the posture, without compliance evidence (Enterprise).
      compliance: { available: false, frameworks: [], overallScore: null },
    });
    expect(body.verdicts.security_score).toMatchObject({ verdict: '10/100' });
    expect(body.verdicts.security_score.inputs[0].value).toBe(
      '2 critical, 0 high, 1 medium, 2 low',
    );
  });

  it('define Policy Compliance once: the Overview, the posture and the Security Center agree', async () => {
    // Enterprise, no evidence collected yet: every page reads "not assessed", none a number,
    // though 12 critical findings are open (the figures with evidence: compliance-one-definition).
    const fresh = await createAccount(ctx, 'fresh-audit@example.com', 'Enterprise');
    await setPlan(ctx, analyst, 'Enterprise');
    const audit = await seedScan(ctx, fresh, {
      status: 'completed',
      targets: ['192.0.2.50'],
      createdAt: ago(90),
    });
    for (let port = 1; port <= 12; port++) {
      await seedVulnerability(ctx, fresh, audit.id, {
        severity: 'critical',
        host: '192.0.2.50',
        port,
        createdAt: ago(60),
      });
    }
    for (const who of [analyst, fresh]) {
      const posture = (await get('/api/analytics/security-posture', who)).json();
      const home = (await get('/api/dashboard', who)).json();
      const center = (await get('/api/security/metrics', who)).json();
      expect(home.security_overview).toEqual(posture.coverage_metrics);
      expect(home.compliance).toEqual(posture.compliance);
      expect(posture.compliance).toEqual(center.compliance);
      expect(posture.coverage_metrics.policy_compliance).toBe(center.compliance.overallScore);
      expect(center.compliance).toMatchObject({ available: true, overallScore: null });
    }
    const posture = (await get('/api/analytics/security-posture', fresh)).json();
    expect(posture.security_score).toBe(10);
  });

  it('answers nulls when the organization has no data', async () => {
    await subscribe(ctx, empty);
    expect((await get('/api/analytics/overview', empty)).json()).toEqual({
      total_scans: 0,
      total_vulnerabilities: 0,
      total_reports: 0,
      success_rate: null,
      avg_scan_duration: null,
    });
    const posture = (await get('/api/analytics/security-posture', empty)).json();
    expect(posture).toMatchObject({
      coverage_metrics: { network_coverage: null, mitigation_rate: null, policy_compliance: null },
      risk_distribution: null,
      security_score: null,
      threat_landscape: { critical_vulnerabilities: 0, open_ports: null, outdated_services: null },
      compliance: { available: false, frameworks: [], overallScore: null },
    });
    expect(posture.verdicts.security_score).toBeNull();
  });
});
