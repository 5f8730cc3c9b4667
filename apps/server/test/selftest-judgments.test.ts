// Each integration and performance test judged on a bad and a good observation, and on a missing
// prerequisite (inconclusive, never a pass). The probes behind the observations are tested against
// a live test deployment in selftest-probes.test.ts.
import type { TestDefinition } from '@netguard/selftest';
import { describe, expect, it } from 'vitest';
import type {
  IntegrationProbes,
  PerformanceProbes,
  SystemContext,
} from '../src/modules/selftest/probes.ts';
import { SYSTEM_SUITES } from '../src/modules/selftest/suites.ts';
import { fixtureContext } from './selftest-context.ts';

const signal = new AbortController().signal;
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
const samples = (ms: number, n = 50) => Array.from({ length: n }, (_, i) => ms + (i % 5));

type Case = {
  bad: Partial<IntegrationProbes & PerformanceProbes>;
  good: Partial<IntegrationProbes & PerformanceProbes>;
};
const ok =
  <T>(value: T) =>
  () =>
    Promise.resolve(value);
const trip = (delivered: boolean, ms: number) => ok({ delivered, ms, detail: 'fixture' });
const conn = (okay: boolean) =>
  ok([{ name: 'fixture', ok: okay, message: okay ? 'answered' : 'ECONNREFUSED' }]);

const CASES: Record<string, Case> = {
  'integration.database': {
    bad: {
      database: ok({ latencyMs: 2, appliedMigration: '0021_old', codeMigration: '0022_new' }),
    },
    good: {
      database: ok({ latencyMs: 2, appliedMigration: '0022_new', codeMigration: '0022_new' }),
    },
  },
  'integration.job-queue': {
    bad: { jobRoundTrip: trip(false, 10_000) },
    good: { jobRoundTrip: trip(true, 600) },
  },
  'integration.realtime': {
    bad: { realtimeRoundTrip: trip(false, 5_000) },
    good: { realtimeRoundTrip: trip(true, 40) },
  },
  'integration.mail': {
    bad: { mail: ok({ transport: 'smtp' as const, ok: false, detail: 'ECONNREFUSED' }) },
    good: {
      mail: ok({ transport: 'outbox' as const, ok: true, detail: 'row written and read back' }),
    },
  },
  'integration.billing': {
    bad: {
      billing: ok({
        provider: 'stripe' as const,
        signedAccepted: true,
        forgedRefused: false,
        detail: 'x',
      }),
    },
    good: {
      billing: ok({
        provider: 'local' as const,
        signedAccepted: true,
        forgedRefused: true,
        detail: 'x',
      }),
    },
  },
  'integration.scan-pipeline': {
    bad: {
      canaryScan: ok({
        planted: ['http-security-headers', 'git-exposed'],
        found: ['http-security-headers'],
        openPorts: [8080],
      }),
    },
    good: {
      canaryScan: ok({
        planted: ['http-security-headers'],
        found: ['http-security-headers'],
        openPorts: [8080],
      }),
    },
  },
  'integration.packet-reading': {
    bad: { packetCapture: ok({ packetsWritten: 10, packetsRead: 9, matching: 9 }) },
    good: { packetCapture: ok({ packetsWritten: 10, packetsRead: 10, matching: 10 }) },
  },
  'integration.feeds': {
    bad: {
      feeds: ok([
        { name: 'kev', lastSuccessAt: hoursAgo(100) },
        { name: 'epss', lastSuccessAt: hoursAgo(1) },
      ]),
    },
    good: { feeds: ok([{ name: 'kev', lastSuccessAt: hoursAgo(3) }]) },
  },
  'integration.siem': {
    bad: { siemConnections: conn(false) },
    good: { siemConnections: conn(true) },
  },
  'integration.cloud': {
    bad: { cloudConnections: conn(false) },
    good: { cloudConnections: conn(true) },
  },
  'integration.sso': { bad: { ssoProviders: conn(false) }, good: { ssoProviders: conn(true) } },
  'integration.settings-backup': {
    bad: { settingsBackupRestore: ok({ before: { a: 1 }, changed: { a: 2 }, restored: { a: 2 } }) },
    good: {
      settingsBackupRestore: ok({ before: { a: 1 }, changed: { a: 2 }, restored: { a: 1 } }),
    },
  },
  'performance.key-reads': {
    bad: { keyReads: ok([{ route: '/api/dashboard', samplesMs: samples(700), errors: 0 }]) },
    good: { keyReads: ok([{ route: '/api/dashboard', samplesMs: samples(20), errors: 0 }]) },
  },
  'performance.password-hashing': {
    bad: { passwordHashing: ok([3, 4, 3]) },
    good: { passwordHashing: ok([90, 95, 92]) },
  },
  'performance.query-plans': {
    bad: {
      queryPlans: ok([
        { query: 'vulnerabilities list', seqScans: [{ table: 'vulnerabilities', rows: 50_000 }] },
      ]),
    },
    good: {
      queryPlans: ok([
        { query: 'vulnerabilities list', seqScans: [{ table: 'user_roles', rows: 3 }] },
      ]),
    },
  },
  'performance.pagination': {
    bad: {
      pagination: ok({
        seeded: 10_000,
        seen: 9_950,
        pages: 100,
        totalMs: 3_000,
        slowestPageMs: 60,
        largestPageBytes: 90_000,
      }),
    },
    good: {
      pagination: ok({
        seeded: 10_000,
        seen: 10_000,
        pages: 100,
        totalMs: 3_000,
        slowestPageMs: 60,
        largestPageBytes: 90_000,
      }),
    },
  },
  'performance.scan-first-event': {
    bad: { scanToFirstEvent: trip(true, 9_000) },
    good: { scanToFirstEvent: trip(true, 700) },
  },
  'performance.job-latency': {
    bad: { jobLatency: ok(samples(4_000, 10)) },
    good: { jobLatency: ok(samples(300, 10)) },
  },
  'performance.event-loop': {
    bad: { eventLoopUnderLoad: ok({ lagP99Ms: 900, heapUsedMb: 200, heapGrowthMb: 10 }) },
    good: { eventLoopUnderLoad: ok({ lagP99Ms: 30, heapUsedMb: 120, heapGrowthMb: 10 }) },
  },
  'performance.rate-limit': {
    bad: {
      rateLimitBurst: ok({ limitPerMinute: 10, sent: 20, statuses: { '401': 10, '503': 10 } }),
    },
    good: {
      rateLimitBurst: ok({ limitPerMinute: 10, sent: 20, statuses: { '401': 10, '429': 10 } }),
    },
  },
};

const contextOf = (probes: Case['good']): SystemContext => fixtureContext(probes, probes);
// The security suite's 15 have their good and bad fixtures in packages/selftest/src/security.
const tests: TestDefinition<SystemContext>[] = [
  ...SYSTEM_SUITES.integration.tests,
  ...SYSTEM_SUITES.performance.tests,
];

describe('the integration and performance suites', () => {
  it('hold exactly the tests their cards claim, each with a fixture case', () => {
    expect(SYSTEM_SUITES.integration.tests).toHaveLength(12);
    expect(SYSTEM_SUITES.performance.tests).toHaveLength(8);
    expect(new Set(tests.map((t) => t.id)).size).toBe(20);
    expect(Object.keys(CASES).sort()).toEqual(tests.map((t) => t.id).sort());
  });

  for (const test of tests) {
    describe(test.id, () => {
      const fixture = CASES[test.id] as Case;
      it('fails on the bad fixture with a recommendation', async () => {
        const outcome = await test.run(contextOf(fixture.bad), signal);
        expect(outcome.verdict, outcome.reason).toBe('failed');
        expect(outcome.recommendation).toBeTruthy();
      });
      it('passes on the good fixture', async () => {
        const outcome = await test.run(contextOf(fixture.good), signal);
        expect(outcome.verdict, outcome.reason).toBe('passed');
        expect(outcome.evidence.length).toBeGreaterThan(0);
      });
      it('is inconclusive when its prerequisite is missing', async () => {
        const outcome = await test.run(fixtureContext(), signal);
        expect(outcome.verdict).toBe('inconclusive');
        expect(outcome.reason).toMatch(/not configured/);
      });
    });
  }

  it('stores each threshold beside its test and shows the figure against it', async () => {
    const hashing = tests.find(
      (t) => t.id === 'performance.password-hashing',
    ) as TestDefinition<SystemContext>;
    expect(hashing.thresholds).toEqual([{ metric: 'hashTime', unit: 'ms', min: 50, max: 500 }]);
    const outcome = await hashing.run(
      contextOf({ passwordHashing: () => Promise.resolve([3, 4, 3]) }),
      signal,
    );
    expect(outcome.reason).toBe('hashTime 3 ms is not between 50 and 500 ms.');
    expect(outcome.measurements).toEqual({ hashTime: 3 });
  });

  it('never passes a connection test with nothing configured', async () => {
    const siem = tests.find((t) => t.id === 'integration.siem') as TestDefinition<SystemContext>;
    const outcome = await siem.run(
      contextOf({ siemConnections: () => Promise.resolve([]) }),
      signal,
    );
    expect(outcome).toMatchObject({
      verdict: 'inconclusive',
      reason: 'No SIEM integration is configured on this deployment.',
    });
  });
});
