// Every evidence collector over an organization set up through the API and the database: one test
// per collector, asserting the fact it observes from the data seeded here, its outcome, and that
// each names real requirements. A second organization's data never shows in the first's facts.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AWS_CHECKS } from '@netguard/cloud';
import { findRequirement } from '@netguard/evidence';
import type { TestState } from '@netguard/selftest';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeys,
  cloudConnections,
  cloudFindings,
  cloudScans,
  kevEntries,
  remediationPolicies,
  scanHosts,
  securityIncidents,
  securityPolicies,
  selftestExecutions,
  ssoConfigs,
  ssoDomains,
  userMfaSettings,
  vulnerabilities,
} from '../src/db/schema.ts';
import { COLLECTORS } from '../src/modules/evidence/collectors/index.ts';
import type {
  Collector,
  Deployment,
  Observation,
} from '../src/modules/evidence/collectors/types.ts';
import { ensureKey } from '../src/modules/evidence/evidence.keys.ts';
import { scoresOf } from '../src/modules/selftest/selftest.scores.ts';
import { SYSTEM_SUITES } from '../src/modules/selftest/suites.ts';
import { testDeployment, testSealer } from './evidence-helpers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { ago, seedScan, seedVulnerability } from './seed.ts';
import { memberOf } from './tenant-matrix-fixtures.ts';

let ctx: TestContext;
let admin: Account;
let analyst: Account;
let other: Account;
let backupDir: string;
const DAY = 24 * 60;
const CHECK = AWS_CHECKS[0]!;

type SuiteKey = keyof typeof SYSTEM_SUITES;
/** Every test of the suites as passed, but for the states given. */
const resultsOf = (suites: SuiteKey[], states: Record<string, TestState> = {}) =>
  suites.flatMap((s) =>
    SYSTEM_SUITES[s].tests.map((t) => ({ testId: t.id, state: states[t.id] ?? 'passed' })),
  );
/** A finished self-test execution of `account`'s organization that ended `endedMinutesAgo`. */
async function seedExecution(
  account: Account,
  suiteId: string,
  endedMinutesAgo: number,
  results: { testId: string; state: TestState }[],
) {
  const [row] = await ctx.db
    .insert(selftestExecutions)
    .values({
      organizationId: account.organizationId,
      userId: account.userId,
      suiteId,
      status: 'completed',
      progress: 100,
      step: 'Completed',
      startTime: ago(endedMinutesAgo + 5),
      endTime: ago(endedMinutesAgo),
      totalTests: results.length,
      results,
      scores: suiteId === 'security' ? scoresOf(results) : null,
    })
    .returning();
  return row!;
}
let securityRun: { id: string };
let comprehensiveRun: { id: string };

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, 'collectors-admin@example.com', 'Enterprise');
  other = await createAccount(ctx, 'collectors-other@example.com', 'Enterprise');
  analyst = await memberOf(ctx, admin.organizationId, 'security_analyst', 'col-analyst');
  const org = admin.organizationId;
  const recent = await seedScan(ctx, admin, { status: 'completed', createdAt: ago(60) });
  await seedScan(ctx, admin, { status: 'failed', createdAt: ago(120) });
  const old = await seedScan(ctx, admin, { status: 'completed', createdAt: ago(60 * DAY) });
  await ctx.db.insert(scanHosts).values([
    { scanId: recent.id, address: '127.0.0.5' },
    { scanId: old.id, address: '127.0.0.6' },
  ]);
  // A critical finding past its SLA, a KEV one, one fixed late, one reopened.
  await seedVulnerability(ctx, admin, recent.id, {
    severity: 'critical',
    createdAt: ago(10 * DAY),
  });
  const kev = await seedVulnerability(ctx, admin, recent.id, { severity: 'low', port: 6379 });
  await ctx.db.insert(kevEntries).values({ cveId: 'CVE-2022-0543' });
  await ctx.db
    .update(vulnerabilities)
    .set({ cveId: 'CVE-2022-0543' })
    .where(eq(vulnerabilities.id, kev.id));
  const fixed = await seedVulnerability(ctx, admin, recent.id, {
    severity: 'high',
    port: 80,
    createdAt: ago(20 * DAY),
  });
  await ctx.db
    .update(vulnerabilities)
    .set({ state: 'fixed', fixedAt: ago(DAY), reopenedAt: ago(5 * DAY), reopenCount: 1 })
    .where(eq(vulnerabilities.id, fixed.id));
  // Other organization: a KEV finding and a critical one that must not count for the first.
  const theirs = await seedScan(ctx, other, { status: 'completed', createdAt: ago(30) });
  const leak = await seedVulnerability(ctx, other, theirs.id, { severity: 'critical', port: 443 });
  await ctx.db
    .update(vulnerabilities)
    .set({ cveId: 'CVE-2022-0543' })
    .where(eq(vulnerabilities.id, leak.id));
  await ctx.db
    .insert(userMfaSettings)
    .values({ userId: analyst.userId, organizationId: org, mfaEnabled: true });
  await ctx.db
    .insert(ssoConfigs)
    .values({ organizationId: org, protocol: 'oidc', enabled: true, requireSso: false });
  await ctx.db.insert(ssoDomains).values([
    { organizationId: org, domain: 'example.com', status: 'verified', verifiedAt: ago(DAY) },
    { organizationId: org, domain: 'example.org' },
  ]);
  await ctx.db.insert(securityPolicies).values({
    organizationId: org,
    passwordMinLength: 14,
    passwordClasses: 3,
    passwordHistory: 5,
    sessionIdleMinutes: 30,
    sessionAbsoluteHours: 12,
    mfaRequiredRoles: ['admin'],
  });
  await ctx.db.insert(apiKeys).values([
    {
      userId: admin.userId,
      organizationId: org,
      name: 'old ci',
      prefix: 'ng_old',
      keyHash: 'h1',
      createdAt: ago(200 * DAY),
    },
    {
      userId: admin.userId,
      organizationId: org,
      name: 'fresh',
      prefix: 'ng_new',
      keyHash: 'h2',
      lastUsedAt: ago(DAY),
    },
  ]);
  await ctx.db.insert(securityIncidents).values({
    organizationId: org,
    title: 'Burst of failed sign-ins',
    severity: 'critical',
    rule: 'failed_auth',
    subject: admin.email,
    createdAt: ago(3 * DAY),
  });
  await ctx.db.insert(remediationPolicies).values({ organizationId: org, fourEyes: 'medium' });
  const [conn] = await ctx.db
    .insert(cloudConnections)
    .values({
      organizationId: org,
      provider: 'aws',
      name: 'prod',
      sealedCredentials: 'x',
      region: 'us-east-1',
    })
    .returning();
  const [cloudScan] = await ctx.db
    .insert(cloudScans)
    .values({
      organizationId: org,
      connectionId: conn!.id,
      connectionName: 'prod',
      provider: 'aws',
      status: 'failed',
      finishedAt: ago(60),
    })
    .returning();
  const cloudVuln = await seedVulnerability(ctx, admin, recent.id, {
    severity: 'high',
    type: 'cloud_misconfiguration',
    port: null,
  });
  await ctx.db.insert(cloudFindings).values({
    vulnerabilityId: cloudVuln.id,
    organizationId: org,
    connectionId: conn!.id,
    provider: 'aws',
    account: '123456789012',
    region: 'us-east-1',
    resourceId: 'sg-1',
    resourceType: CHECK.resourceType,
    checkId: CHECK.id,
    detail: 'open',
    lastScanId: cloudScan!.id,
  });
  // Self-tests: the newest full security run failed one test and left one inconclusive; an older
  // one passed; a newer single-test run is not the suite. Integration passed all 12 in a
  // comprehensive run; performance ran 40 days ago. The other organization passed everything.
  await seedExecution(admin, 'security', 2 * DAY, resultsOf(['security']));
  securityRun = await seedExecution(
    admin,
    'security',
    60,
    resultsOf(['security'], { 'security.hsts': 'failed', 'security.cors': 'inconclusive' }),
  );
  await seedExecution(admin, 'security', 10, [{ testId: 'security.hsts', state: 'passed' }]);
  comprehensiveRun = await seedExecution(
    admin,
    'comprehensive',
    5 * 60,
    resultsOf(['security', 'integration', 'performance'], {
      'performance.key-reads': 'inconclusive',
    }),
  );
  await seedExecution(admin, 'integration', 30, [
    { testId: 'integration.database', state: 'failed' },
  ]);
  await seedExecution(admin, 'performance', 40 * DAY, resultsOf(['performance']));
  await seedExecution(other, 'security', 5, resultsOf(['security']));
  await seedExecution(other, 'performance', 5, resultsOf(['performance']));
  await ensureKey(ctx.db, testSealer(), org);
  backupDir = await mkdtemp(path.join(tmpdir(), 'ng-evidence-backups-'));
  await writeFile(path.join(backupDir, 'netguard-2026-12-01.sql.gz'), Buffer.alloc(64, 1));
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  if (backupDir) await rm(backupDir, { recursive: true, force: true });
});

const byId = new Map(COLLECTORS.map((c) => [c.id, c]));
async function observe(id: string, deployment: Partial<Deployment> = {}): Promise<Observation[]> {
  const collector = byId.get(id) as Collector;
  const out = await collector.collect({
    db: ctx.db,
    organizationId: admin.organizationId,
    now: new Date(),
    deployment: testDeployment({ backupDir, ...deployment }),
  });
  return Array.isArray(out) ? out : [out];
}
const one = async (id: string, deployment: Partial<Deployment> = {}) => {
  const [o] = await observe(id, deployment);
  return o as Observation;
};

describe('the collectors', () => {
  it('are at least 30, each with a unique id, a version and real requirements', () => {
    expect(COLLECTORS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(COLLECTORS.map((c) => c.id)).size).toBe(COLLECTORS.length);
    for (const c of COLLECTORS) {
      expect(c.version, c.id).toMatch(/^\d+\.\d+\.\d+$/);
      expect(c.requirements.length, c.id).toBeGreaterThan(0);
      for (const r of c.requirements)
        expect(findRequirement(r.framework, r.id), `${c.id} ${r.id}`).toBeDefined();
    }
  });
});

describe('each collector', () => {
  it('scan_recency: a completed scan this week', async () => {
    const o = await one('scan_recency');
    expect(o).toMatchObject({ outcome: 'satisfied', metadata: { week: 1, month: 1 } });
  });
  it('scan_coverage: one of two known hosts scanned in 30 days', async () => {
    const o = await one('scan_coverage');
    expect(o).toMatchObject({
      outcome: 'partial',
      metadata: { knownHosts: 2, scannedIn30Days: 1, percent: 50 },
    });
  });
  it('scan_reliability: one failed scan of two in 30 days', async () => {
    expect(await one('scan_reliability')).toMatchObject({
      outcome: 'partial',
      metadata: { completed: 1, failed: 1 },
    });
  });
  it('vulnerabilities_past_sla: the critical finding past its SLA, not the other organization’s', async () => {
    const o = await one('vulnerabilities_past_sla');
    expect(o.outcome).toBe('not_satisfied');
    expect(o.metadata.pastSla).toMatchObject({ critical: 1 });
  });
  it('mean_time_to_remediate: the one fix, late for its SLA', async () => {
    const o = await one('mean_time_to_remediate');
    expect(o).toMatchObject({ outcome: 'not_satisfied', metadata: { fixed: 1, withinSla: 0 } });
    expect((o.metadata.mttrHours as Record<string, number>).high).toBeCloseTo(19 * 24, 0);
  });
  it('kev_open: the KEV finding left open', async () => {
    expect(await one('kev_open')).toMatchObject({
      outcome: 'not_satisfied',
      metadata: { openFindings: 1, cves: ['CVE-2022-0543'] },
    });
  });
  it('open_vulnerabilities: counts by severity; a critical one fails it', async () => {
    const o = await one('open_vulnerabilities');
    expect(o.outcome).toBe('not_satisfied');
    expect(o.metadata.open).toMatchObject({ critical: 1, high: 1, low: 1 });
  });
  it('reopened_findings: the finding reopened after its fix', async () => {
    expect(await one('reopened_findings')).toMatchObject({
      outcome: 'partial',
      metadata: { reopened: 1 },
    });
  });
  it('mfa_members: one of two members', async () => {
    expect(await one('mfa_members')).toMatchObject({
      outcome: 'partial',
      metadata: { members: 2, mfaEnabled: 1 },
    });
  });
  it('mfa_admins: the admin has none', async () => {
    expect(await one('mfa_admins')).toMatchObject({
      outcome: 'not_satisfied',
      metadata: { admins: 1, mfaEnabled: 0 },
    });
  });
  it('sso_enforcement: enabled, not required', async () => {
    expect(await one('sso_enforcement')).toMatchObject({
      outcome: 'partial',
      metadata: { enabled: true, required: false },
    });
  });
  it('sso_domains: one of two verified', async () => {
    const o = await one('sso_domains');
    expect(o.outcome).toBe('satisfied');
    expect(o.summary).toBe('1 of 2 domains verified');
  });
  it('password_policy: 14 characters, 3 classes, 5 remembered', async () => {
    expect(await one('password_policy')).toMatchObject({
      outcome: 'satisfied',
      metadata: { minLength: 14, history: 5 },
    });
  });
  it('session_policy: 30 minutes idle, 12 hours absolute', async () => {
    expect(await one('session_policy')).toMatchObject({
      outcome: 'satisfied',
      metadata: { idleMinutes: 30, absoluteHours: 12 },
    });
  });
  it('mfa_required_roles: admins only is partial', async () => {
    expect(await one('mfa_required_roles')).toMatchObject({
      outcome: 'partial',
      metadata: { roles: ['admin'] },
    });
  });
  it('access_review: both members with roles and sign-ins', async () => {
    const o = await one('access_review');
    expect(o.outcome).toBe('satisfied');
    const members = o.metadata.members as {
      email: string;
      role: string;
      lastSignIn: string | null;
    }[];
    expect(members.map((m) => m.role).sort()).toEqual(['admin', 'security_analyst']);
    expect(members.every((m) => m.lastSignIn)).toBe(true);
  });
  it('dormant_accounts: nobody dormant', async () => {
    expect(await one('dormant_accounts')).toMatchObject({
      outcome: 'satisfied',
      metadata: { dormant: [] },
    });
  });
  it('unused_api_keys: the key unused for 200 days', async () => {
    expect(await one('unused_api_keys')).toMatchObject({
      outcome: 'not_satisfied',
      metadata: { active: 2, unused: [{ prefix: 'ng_old', name: 'old ci' }] },
    });
  });
  it('least_privilege: one admin of two', async () => {
    expect(await one('least_privilege')).toMatchObject({
      outcome: 'satisfied',
      metadata: { admins: 1, members: 2 },
    });
  });
  it('event_chain: the sign-in events verify', async () => {
    const o = await one('event_chain');
    expect(o.outcome).toBe('satisfied');
    expect(o.metadata.events).toBeGreaterThan(0);
  });
  it('event_logging: events this week', async () => {
    expect((await one('event_logging')).outcome).toBe('satisfied');
  });
  it('login_monitoring: sign-ins logged', async () => {
    const o = await one('login_monitoring');
    expect(o.outcome).toBe('satisfied');
    expect(o.metadata.attempts).toBeGreaterThan(0);
  });
  it('evidence_ledger: an empty ledger verifies', async () => {
    expect(await one('evidence_ledger')).toMatchObject({
      outcome: 'satisfied',
      metadata: { rows: 0 },
    });
  });
  it('incidents_in_target: a critical incident open past its day', async () => {
    expect(await one('incidents_in_target')).toMatchObject({
      outcome: 'not_satisfied',
      metadata: { incidents: 1, resolved: 0, withinTarget: 0 },
    });
  });
  it('incident_triage: the open incident is nobody’s', async () => {
    expect(await one('incident_triage')).toMatchObject({
      outcome: 'not_satisfied',
      metadata: { open: 1, taken: 0 },
    });
  });
  it('remediation_verified: no execution ended, partial', async () => {
    expect(await one('remediation_verified')).toMatchObject({
      outcome: 'partial',
      metadata: { ended: 0 },
    });
  });
  it('remediation_rollbacks: none rolled back', async () => {
    expect(await one('remediation_rollbacks')).toMatchObject({
      outcome: 'satisfied',
      metadata: { rolledBack: 0 },
    });
  });
  it('remediation_four_eyes: from medium risk', async () => {
    expect(await one('remediation_four_eyes')).toMatchObject({
      outcome: 'satisfied',
      metadata: { fourEyes: 'medium' },
    });
  });
  it('siem_delivery: nothing forwarded', async () => {
    expect(await one('siem_delivery')).toMatchObject({
      outcome: 'not_satisfied',
      metadata: { delivered: 0 },
    });
  });
  it('siem_integrations: none active', async () => {
    expect(await one('siem_integrations')).toMatchObject({
      outcome: 'not_satisfied',
      metadata: { total: 0 },
    });
  });
  it('backups: the backup file in the data directory; none elsewhere', async () => {
    expect(await one('backups')).toMatchObject({ outcome: 'satisfied', metadata: { count: 1 } });
    const threeDaysAgo = ago(3 * DAY);
    await utimes(path.join(backupDir, 'netguard-2026-12-01.sql.gz'), threeDaysAgo, threeDaysAgo);
    expect((await one('backups')).outcome).toBe('partial');
    const none = await one('backups', { backupDir: path.join(backupDir, 'missing') });
    expect(none.outcome).toBe('not_satisfied');
  });
  it('secrets_encrypted: the plain "x" of the seeded connection is caught', async () => {
    const o = await one('secrets_encrypted');
    expect(o.outcome).toBe('not_satisfied');
    expect(o.metadata.notSealed).toEqual(['cloud connection']);
    expect(o.metadata.kinds).toContain('evidence signing key');
  });
  it('deployment_tls: plain HTTP fails, HTTPS passes', async () => {
    expect((await one('deployment_tls')).outcome).toBe('not_satisfied');
    expect((await one('deployment_tls', { publicUrl: 'https://netguard.example' })).outcome).toBe(
      'satisfied',
    );
  });
  it('egress_policy: an allow-everything range is partial', async () => {
    expect((await one('egress_policy')).outcome).toBe('satisfied');
    const open = await one('egress_policy', {
      egress: { allowedRanges: ['0.0.0.0/0'], deniedRanges: [] },
    });
    expect(open).toMatchObject({ outcome: 'partial', metadata: { allowsEverything: true } });
  });
  it('cloud_posture: one item per AWS check, failing where a finding is open', async () => {
    const list = await observe('cloud_posture');
    expect(list.length).toBe(
      AWS_CHECKS.filter((c) => Object.values(c.frameworks).some((ids) => ids.length)).length,
    );
    const failing = list.filter((o) => o.outcome === 'not_satisfied');
    expect(failing.map((o) => o.subject?.key)).toEqual([CHECK.id]);
    expect(failing[0]?.subject?.requirements.length).toBeGreaterThan(0);
  });
  it('cloud_scan_recency: the connection scanned within the hour', async () => {
    expect(await one('cloud_scan_recency')).toMatchObject({ outcome: 'satisfied' });
  });
  it('selftest_security: the newest full run, one failed and one inconclusive, with its scores', async () => {
    const o = await one('selftest_security');
    expect(o).toMatchObject({
      outcome: 'partial',
      metadata: {
        executionId: securityRun.id,
        runKind: 'security',
        tests: 15,
        passed: 13,
        passRate: 92.9,
        failed: ['security.hsts'],
        inconclusive: ['security.cors'],
      },
    });
    expect(o.summary).toContain(`Security Tests run ${securityRun.id}`);
    expect(o.summary).toContain('13 of 15 passed, pass rate 92.9%; failed: security.hsts');
    // An inconclusive test withholds every grade, with the library's reason.
    expect(o.summary).toContain('Observatory: No grade: security.cors is inconclusive.');
    expect(o.summary).toMatch(/ASVS: checked \d+ of 70 level-1 requirements, \d+ passed/);
    const ended = await ctx.db
      .select({ endTime: selftestExecutions.endTime })
      .from(selftestExecutions)
      .where(eq(selftestExecutions.id, securityRun.id));
    expect(o.observedAt).toEqual(ended[0]?.endTime);
    expect(byId.get('selftest_security')?.requirements).toEqual(
      expect.arrayContaining([
        { framework: 'soc2', id: 'CC7.1' },
        { framework: 'iso27001', id: 'A.8.8' },
        { framework: 'iso27001', id: 'A.8.29' },
      ]),
    );
  });
  it('selftest_integration: all 12 passed in the comprehensive run; a single-test run is not the suite', async () => {
    expect(await one('selftest_integration')).toMatchObject({
      outcome: 'satisfied',
      metadata: {
        executionId: comprehensiveRun.id,
        runKind: 'comprehensive',
        tests: 12,
        passed: 12,
        failed: [],
      },
    });
  });
  it('selftest_performance: the comprehensive run left one inconclusive; the 40-day-old run and the other organization’s do not count', async () => {
    const o = await one('selftest_performance');
    expect(o).toMatchObject({
      outcome: 'partial',
      metadata: { executionId: comprehensiveRun.id, inconclusive: ['performance.key-reads'] },
    });
    const none = await (byId.get('selftest_performance') as Collector).collect({
      db: ctx.db,
      organizationId: admin.organizationId,
      now: ago(4 * DAY),
      deployment: testDeployment({ backupDir }),
    });
    expect(none).toMatchObject({
      outcome: 'not_satisfied',
      summary: 'No run of all 8 Performance Tests ended in the last 30 days',
    });
  });

  it('has a test here for every collector', () => {
    const source = readFileSync(new URL(import.meta.url), 'utf8');
    const titled = [...source.matchAll(/\n {2}it\('([a-z0-9_]+): /g)].map((m) => m[1]);
    expect(titled.sort()).toEqual(COLLECTORS.map((c) => c.id).sort());
  });
});
