// The suite registry: each suite's tests, estimated time (spec part 2: 10-15, 8-12 and 15-20
// minutes) and run limits. The security suite comes from packages/selftest and runs on the run
// context's `security` part; the integration and performance suites on its probes.
import {
  type SecurityContext,
  type SuiteId,
  securityTests,
  type TestDefinition,
} from '@netguard/selftest';
import { integrationTests } from './integration.suite.ts';
import { performanceTests } from './performance.suite.ts';
import type { RunContext } from './probes.ts';

/** A security test on the run context: the same definition, given the context's security part. */
const onSecurity = (test: TestDefinition<SecurityContext>): TestDefinition<RunContext> => ({
  ...test,
  run: (context, signal) => test.run(context.security, signal),
});

export type SuiteEntry<C> = {
  id: SuiteId;
  title: string;
  /** The number of tests the card claims; equal to tests.length once the suite is registered. */
  claimed: number;
  estimatedTime: string;
  tests: readonly TestDefinition<C>[];
  /** The whole run's budget and each test's own limit. */
  budgetMs: number;
  testTimeoutMs: number;
};

export const SYSTEM_SUITES = {
  security: {
    id: 'security',
    title: 'Security Tests',
    claimed: 15,
    estimatedTime: '10-15 minutes',
    tests: securityTests.map(onSecurity),
    budgetMs: 15 * 60_000,
    testTimeoutMs: 180_000,
  },
  integration: {
    id: 'integration',
    title: 'Integration Tests',
    claimed: 12,
    estimatedTime: '8-12 minutes',
    tests: integrationTests,
    budgetMs: 12 * 60_000,
    testTimeoutMs: 120_000,
  },
  performance: {
    id: 'performance',
    title: 'Performance Tests',
    claimed: 8,
    estimatedTime: '15-20 minutes',
    tests: performanceTests,
    budgetMs: 20 * 60_000,
    testTimeoutMs: 180_000,
  },
} as const satisfies Record<SuiteId, SuiteEntry<RunContext>>;

export type SystemSuiteId = keyof typeof SYSTEM_SUITES;

/** The tests of every registered suite, by id (the quick test takes the passive ones). */
export const registeredTests = (): TestDefinition<RunContext>[] =>
  Object.values(SYSTEM_SUITES).flatMap((suite) => [...suite.tests]);
