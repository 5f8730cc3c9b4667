// Runs the security suite against a deployment: builds the context, runs the tests with the
// budget and limits, removes the canaries whatever happened, and scores the results.
import type { TestDefinition, TestResult } from '../model.ts';
import { type RunOptions, runTests } from '../run.ts';
import { totalsOf } from '../totals.ts';
import {
  createSecurityContext,
  type SecurityContext,
  type SecurityContextOptions,
} from './context.ts';
import { securityScores } from './scores/index.ts';
import { securityTests } from './tests/index.ts';

export type SecuritySuiteOptions = SecurityContextOptions &
  Omit<RunOptions, 'budgetMs' | 'testTimeoutMs'> & {
    budgetMs?: number;
    testTimeoutMs?: number;
    /** A subset (e.g. passiveSecurityTests for the quick test); all 15 by default. */
    tests?: readonly TestDefinition<SecurityContext>[];
  };

export async function runSecuritySuite(options: SecuritySuiteOptions) {
  const tests = options.tests ?? securityTests;
  const { context, dispose } = createSecurityContext(options);
  let results: TestResult[];
  try {
    results = await runTests(tests, context, {
      budgetMs: options.budgetMs ?? 10 * 60_000,
      testTimeoutMs: options.testTimeoutMs ?? 120_000,
      signal: options.signal,
      onUpdate: options.onUpdate,
      now: options.now,
    });
  } finally {
    await dispose();
  }
  return {
    results,
    totals: totalsOf(results),
    scores: securityScores(tests, results),
    requestsSent: context.http.budget.used,
  };
}
