// The performance suite: 8 measurements of the live deployment, each judged against the thresholds
// stored beside it (and shown beside the result).
import type { TestDefinition, Threshold } from '@netguard/selftest';
import type { SystemContext } from './probes.ts';
import {
  failed,
  inconclusive,
  judgeMeasurements,
  passed,
  percentile,
  probeThen,
  round1,
} from './verdicts.ts';

type Test = TestDefinition<SystemContext>;

const READ_THRESHOLDS: Threshold[] = [
  { metric: 'p50', unit: 'ms', max: 100 },
  { metric: 'p95', unit: 'ms', max: 300 },
  { metric: 'p99', unit: 'ms', max: 600 },
];
/** Rows a table must hold before a sequential scan of it in a top query's plan fails the test. */
export const SEQ_SCAN_ROW_THRESHOLD = 5_000;

const keyReads: Test = {
  id: 'performance.key-reads',
  suite: 'performance',
  name: 'Key reads p50/p95/p99 under load',
  checks:
    'Dashboard, vulnerabilities list, scan detail and reports list answer fast under a bounded concurrent load.',
  how: 'Sends 8 concurrent readers, 200 requests in all, from the server itself as a canary user.',
  passCriterion: 'p50 ≤ 100 ms, p95 ≤ 300 ms, p99 ≤ 600 ms, and no request fails.',
  covers: ['ASVS 15.1.3'],
  passive: true,
  thresholds: READ_THRESHOLDS,
  run: (ctx, signal) =>
    probeThen(
      () => ctx.performance.keyReads(signal),
      (routes) => {
        const all = routes.flatMap((r) => r.samplesMs);
        const errors = routes.reduce((n, r) => n + r.errors, 0);
        const evidence = routes.map((r) => ({
          kind: 'measurement',
          summary: `${r.route}: ${r.samplesMs.length} requests, p95 ${round1(percentile(r.samplesMs, 95))} ms, ${r.errors} errors`,
          data: {
            route: r.route,
            p50: percentile(r.samplesMs, 50),
            p95: percentile(r.samplesMs, 95),
            p99: percentile(r.samplesMs, 99),
            errors: r.errors,
          },
        }));
        if (all.length === 0) return inconclusive('No request was measured.', evidence);
        const measurements = {
          p50: percentile(all, 50),
          p95: percentile(all, 95),
          p99: percentile(all, 99),
        };
        if (errors > 0)
          return failed(
            `${errors} of ${all.length + errors} key reads failed under load.`,
            'Read the server log for the failed requests (5xx) and their cause.',
            evidence,
            { measurements },
          );
        return judgeMeasurements(
          READ_THRESHOLDS,
          measurements,
          evidence,
          'Profile the slowest route named in the evidence: check its query plan and indexes.',
        );
      },
    ),
};

const HASH_THRESHOLD: Threshold = { metric: 'hashTime', unit: 'ms', min: 50, max: 500 };
const passwordHashing: Test = {
  id: 'performance.password-hashing',
  suite: 'performance',
  name: 'Password hashing cost',
  checks:
    'argon2id with the server’s parameters costs enough to slow guessing and little enough to sign in.',
  how: 'Hashes a random password three times with the server’s hash function and takes the median.',
  passCriterion: 'The median hash takes between 50 and 500 ms.',
  covers: ['ASVS 11.4.2'],
  passive: true,
  thresholds: [HASH_THRESHOLD],
  run: (ctx, signal) =>
    probeThen(
      () => ctx.performance.passwordHashing(signal),
      (samples) =>
        judgeMeasurements(
          [HASH_THRESHOLD],
          { hashTime: percentile(samples, 50) },
          [
            {
              kind: 'measurement',
              summary: `${samples.map((s) => `${Math.round(s)} ms`).join(', ')}`,
              data: { samples },
            },
          ],
          'Tune PASSWORD_HASH_MEMORY_KIB and PASSWORD_HASH_TIME_COST (docs/configuration.md) so a hash takes 50–500 ms on this machine.',
        ),
    ),
};

const queryPlans: Test = {
  id: 'performance.query-plans',
  suite: 'performance',
  name: 'No sequential scan of large tables',
  checks: `The top queries’ plans scan no table of over ${SEQ_SCAN_ROW_THRESHOLD} rows sequentially.`,
  how: 'Runs EXPLAIN (FORMAT JSON) of the top queries and reads every Seq Scan node with its table’s size.',
  passCriterion: `No Seq Scan on a table of more than ${SEQ_SCAN_ROW_THRESHOLD} rows.`,
  covers: ['ASVS 15.1.3'],
  passive: true,
  thresholds: [{ metric: 'largeSeqScans', unit: 'plans', max: 0 }],
  run: (ctx, signal) =>
    probeThen(
      () => ctx.performance.queryPlans(signal),
      (plans) => {
        const evidence = plans.map((p) => ({
          kind: 'query-plan',
          summary: `${p.query}: ${p.seqScans.map((s) => `${s.table} (${s.rows} rows)`).join(', ') || 'no seq scan'}`,
          data: { ...p },
        }));
        if (plans.length === 0) return inconclusive('No query plan was read.', evidence);
        const large = plans.flatMap((p) =>
          p.seqScans
            .filter((s) => s.rows > SEQ_SCAN_ROW_THRESHOLD)
            .map((s) => `${p.query} scans ${s.table} (${s.rows} rows)`),
        );
        const measurements = { largeSeqScans: large.length };
        if (large.length > 0)
          return failed(
            `${large.join('; ')}.`,
            'Add an index on the filtered columns of the table named (a migration), then ANALYZE it.',
            evidence,
            { measurements },
          );
        return passed(
          `None of ${plans.length} plans scans a table of over ${SEQ_SCAN_ROW_THRESHOLD} rows sequentially.`,
          evidence,
          { measurements },
        );
      },
    ),
};

const PAGE_THRESHOLDS: Threshold[] = [
  { metric: 'totalTime', unit: 'ms', max: 15_000 },
  { metric: 'slowestPage', unit: 'ms', max: 500 },
  { metric: 'largestPage', unit: 'KiB', max: 512 },
];
const pagination: Test = {
  id: 'performance.pagination',
  suite: 'performance',
  name: 'Pagination of 10,000 findings',
  checks:
    'A canary organization with 10,000 findings pages through all of them within a time and payload budget.',
  how: 'Seeds 10,000 findings in the canary organization and reads every page of the vulnerabilities list.',
  passCriterion: 'Every finding is seen once; in all ≤ 15 s, each page ≤ 500 ms and ≤ 512 KiB.',
  covers: ['ASVS 15.1.3'],
  passive: false,
  thresholds: PAGE_THRESHOLDS,
  run: (ctx, signal) =>
    probeThen(
      () => ctx.performance.pagination(signal),
      (page) => {
        const evidence = [
          {
            kind: 'measurement',
            summary: `${page.seen}/${page.seeded} findings in ${page.pages} pages`,
            data: { ...page },
          },
        ];
        const measurements = {
          totalTime: page.totalMs,
          slowestPage: page.slowestPageMs,
          largestPage: page.largestPageBytes / 1024,
        };
        if (page.seen !== page.seeded)
          return failed(
            `Paging saw ${page.seen} of ${page.seeded} findings.`,
            'Check the vulnerabilities list’s ordering and page cursor (a stable order with a unique tie-breaker).',
            evidence,
            { measurements },
          );
        return judgeMeasurements(
          PAGE_THRESHOLDS,
          measurements,
          evidence,
          'Lower the page size or index the list’s sort columns.',
        );
      },
    ),
};

const FIRST_EVENT: Threshold = { metric: 'firstEvent', unit: 'ms', max: 5_000 };
const scanToEvent: Test = {
  id: 'performance.scan-first-event',
  suite: 'performance',
  name: 'Scan start to first realtime event',
  checks: 'A scan started by a canary user sends its first realtime update quickly.',
  how: 'Starts a scan of a loopback canary and times the first scan message on the user’s socket.',
  passCriterion: 'The first event arrives within 5000 ms of the start.',
  covers: ['ASVS 15.1.3'],
  passive: false,
  thresholds: [FIRST_EVENT],
  run: (ctx, signal) =>
    probeThen(
      () => ctx.performance.scanToFirstEvent(signal),
      (trip) => {
        const evidence = [{ kind: 'measurement', summary: trip.detail, data: { ...trip } }];
        if (!trip.delivered)
          return failed(
            `No realtime event arrived after the scan started (${trip.detail}).`,
            'Check that workers run and that the API LISTENs on netguard_realtime.',
            evidence,
            { measurements: { firstEvent: trip.ms } },
          );
        return judgeMeasurements(
          [FIRST_EVENT],
          { firstEvent: trip.ms },
          evidence,
          'Check worker polling (0.5 s) and the load of the job queue.',
        );
      },
    ),
};

const QUEUE_THRESHOLDS: Threshold[] = [
  { metric: 'p50', unit: 'ms', max: 1_000 },
  { metric: 'p95', unit: 'ms', max: 2_500 },
];
const jobLatency: Test = {
  id: 'performance.job-latency',
  suite: 'performance',
  name: 'Job queue latency',
  checks: 'Jobs wait little between being sent and a worker starting them.',
  how: 'Sends 10 echo jobs and measures each one’s send-to-start time from pg-boss’s records.',
  passCriterion: 'p50 ≤ 1000 ms and p95 ≤ 2500 ms.',
  covers: ['ASVS 15.1.3'],
  passive: true,
  thresholds: QUEUE_THRESHOLDS,
  run: (ctx, signal) =>
    probeThen(
      () => ctx.performance.jobLatency(signal),
      (samples) => {
        const evidence = [
          { kind: 'measurement', summary: `${samples.length} jobs`, data: { samples } },
        ];
        if (samples.length === 0)
          return failed(
            'No echo job was started by a worker.',
            'Start a worker (`netguard worker`).',
            evidence,
          );
        return judgeMeasurements(
          QUEUE_THRESHOLDS,
          { p50: percentile(samples, 50), p95: percentile(samples, 95) },
          evidence,
          'Add workers or lower their polling interval; check for long jobs holding the queue.',
        );
      },
    ),
};

const LOAD_THRESHOLDS: Threshold[] = [
  { metric: 'eventLoopLagP99', unit: 'ms', max: 200 },
  { metric: 'heapPeak', unit: 'MiB', max: 1_024 },
];
const eventLoop: Test = {
  id: 'performance.event-loop',
  suite: 'performance',
  name: 'Event-loop lag and heap under load',
  checks:
    'The API process stays responsive and its heap does not balloon while serving a burst of reads.',
  how: 'Samples event-loop delay (perf_hooks) and heap use before and during 200 concurrent reads.',
  passCriterion: 'p99 event-loop lag ≤ 200 ms and the heap stays ≤ 1024 MiB at its peak.',
  covers: ['ASVS 15.1.3'],
  passive: true,
  thresholds: LOAD_THRESHOLDS,
  run: (ctx, signal) =>
    probeThen(
      () => ctx.performance.eventLoopUnderLoad(signal),
      (load) =>
        judgeMeasurements(
          LOAD_THRESHOLDS,
          { eventLoopLagP99: load.lagP99Ms, heapPeak: load.heapUsedMb },
          [
            {
              kind: 'measurement',
              summary: `lag p99 ${round1(load.lagP99Ms)} ms, heap ${round1(load.heapUsedMb)} MiB`,
              data: { ...load },
            },
          ],
          'Profile the process (node --cpu-prof) for synchronous work on the request path.',
        ),
    ),
};

const rateLimit: Test = {
  id: 'performance.rate-limit',
  suite: 'performance',
  name: 'Rate limiter answers 429, never 5xx',
  checks: 'A burst past the sign-in rate limit is refused with 429 and nothing fails with a 5xx.',
  how: 'Sends the limit plus 10 sign-in requests at once from the server itself, with an unknown canary e-mail.',
  passCriterion: 'At least one 429, no 5xx.',
  covers: ['ASVS 2.4.1'],
  passive: false,
  thresholds: [{ metric: 'serverErrors', unit: 'responses', max: 0 }],
  run: (ctx, signal) =>
    probeThen(
      () => ctx.performance.rateLimitBurst(signal),
      (burst) => {
        const evidence = [
          {
            kind: 'measurement',
            summary: `${burst.sent} requests: ${Object.entries(burst.statuses)
              .map(([s, n]) => `${n}×${s}`)
              .join(', ')}`,
            data: { ...burst },
          },
        ];
        const count = (test: (status: number) => boolean) =>
          Object.entries(burst.statuses).reduce((n, [s, c]) => (test(Number(s)) ? n + c : n), 0);
        const serverErrors = count((s) => s >= 500);
        const limited = count((s) => s === 429);
        const measurements = { serverErrors, limited };
        if (serverErrors > 0)
          return failed(
            `${serverErrors} of ${burst.sent} requests of the burst got a 5xx.`,
            'Read the server log for the 5xx answers; the limiter must refuse with 429 before the work fails.',
            evidence,
            { measurements },
          );
        if (limited === 0)
          return failed(
            `None of ${burst.sent} requests past a limit of ${burst.limitPerMinute}/min got a 429.`,
            'Set AUTH_RATE_LIMIT (requests per minute per address) and check the rate-limit plugin is registered.',
            evidence,
            { measurements },
          );
        return passed(`${limited} of ${burst.sent} requests got 429 and none a 5xx.`, evidence, {
          measurements,
        });
      },
    ),
};

export const performanceTests: readonly Test[] = [
  keyReads,
  passwordHashing,
  // After pagination seeded its 10,000 findings: the plans are read on a large table.
  pagination,
  queryPlans,
  scanToEvent,
  jobLatency,
  eventLoop,
  rateLimit,
];
