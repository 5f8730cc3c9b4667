import { setTimeout as delay } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { selftestExecutions } from '../src/db/schema.ts';
import type { TestContext } from './helpers.ts';
import type { Fixtures } from './tenant-matrix-fixtures.ts';
import { get, type Sample, send } from './tenant-matrix-samples.ts';

/** Waits for every run to end, so that no job still writes when the next call is checked. */
async function settled(ctx: TestContext) {
  for (let i = 0; i < 200; i++) {
    const running = await ctx.db
      .select({ id: selftestExecutions.id })
      .from(selftestExecutions)
      .where(eq(selftestExecutions.status, 'running'));
    if (running.length === 0) return;
    await delay(100);
  }
  throw new Error('a self-test run did not end within 20 s');
}

// A run already in progress (the first allowed caller's) answers 409: one run per suite at a time.
const execute = (path: string, testCase: string): Sample => ({
  req: send(`/api/selftest/${path}`, { testCase }),
  ok: [409],
  after: (_f, _c, ctx) => settled(ctx),
});

export const SELFTEST_SAMPLES: Record<string, Sample> = {
  'GET /api/selftest/suites': { req: get('/api/selftest/suites') },
  'GET /api/selftest/health': { req: get('/api/selftest/health') },
  'POST /api/selftest/execute-security-test': execute('execute-security-test', 'security.hsts'),
  'POST /api/selftest/execute-integration-test': execute(
    'execute-integration-test',
    'integration.database',
  ),
  'POST /api/selftest/execute-performance-test': execute(
    'execute-performance-test',
    'performance.password-hashing',
  ),
  'POST /api/selftest/execute-functional-test': execute(
    'execute-functional-test',
    'integration.database',
  ),
  'POST /api/selftest/execute-comprehensive-test': execute(
    'execute-comprehensive-test',
    'integration.database',
  ),
  'GET /api/selftest/executions': { req: get('/api/selftest/executions') },
  'GET /api/selftest/executions/:id': {
    req: get((f: Fixtures) => `/api/selftest/executions/${f.selftestId}`),
  },
  // The seeded run is over: an allowed caller is told it no longer runs.
  'POST /api/selftest/executions/:id/cancel': {
    req: send((f: Fixtures) => `/api/selftest/executions/${f.selftestId}/cancel`, undefined),
    ok: [409],
  },
  'POST /api/selftest/store-test-results': {
    req: (f: Fixtures) => ({
      url: '/api/selftest/store-test-results',
      payload: { execution: f.selftestId, testSuite: 'integration' },
    }),
    other: 404,
  },
  'POST /api/selftest/generate-test-report': {
    req: (f: Fixtures) => ({
      url: '/api/selftest/generate-test-report',
      payload: { executionId: f.selftestId, format: 'json' },
    }),
    other: 404,
  },
};
