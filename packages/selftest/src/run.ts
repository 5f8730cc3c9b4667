// Runs a suite's tests one after another with a time budget, per-test timeouts and cancellation.
// A test whose prerequisite did not pass, or that throws, is inconclusive: never a pass on missing
// data. Tests left when the budget runs out or the run is cancelled are skipped.
import type { TestDefinition, TestResult } from './model.ts';

export type RunOptions = {
  signal?: AbortSignal;
  /** The whole run's budget; tests not started when it is spent are skipped. */
  budgetMs: number;
  /** Each test's own limit; a test over it is inconclusive. */
  testTimeoutMs: number;
  /** Called when a test starts and when it ends (live progress). */
  onUpdate?: (result: TestResult, index: number) => void | Promise<void>;
  now?: () => number;
};

function blockedBy<C>(test: TestDefinition<C>, done: Map<string, TestResult>): string | undefined {
  for (const id of test.requires ?? []) {
    const prior = done.get(id);
    if (prior?.state !== 'passed') return `${id} ${prior ? prior.state : 'did not run'}`;
  }
  return undefined;
}

async function runOne<C>(test: TestDefinition<C>, context: C, options: RunOptions) {
  const timeout = AbortSignal.timeout(options.testTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    return await test.run(context, signal);
  } catch (error) {
    const why = timeout.aborted
      ? `it ran past its ${options.testTimeoutMs} ms limit`
      : error instanceof Error
        ? error.message
        : String(error);
    return {
      verdict: 'inconclusive' as const,
      reason: `The test could not complete: ${why}.`,
      evidence: [],
    };
  }
}

export async function runTests<C>(
  tests: readonly TestDefinition<C>[],
  context: C,
  options: RunOptions,
): Promise<TestResult[]> {
  const now = options.now ?? Date.now;
  const deadline = now() + options.budgetMs;
  const results: TestResult[] = tests.map((t) => ({ testId: t.id, state: 'pending' }));
  const done = new Map<string, TestResult>();
  for (const [index, test] of tests.entries()) {
    if (options.signal?.aborted || now() >= deadline) {
      results[index] = { testId: test.id, state: 'skipped' };
      await options.onUpdate?.(results[index], index);
      continue;
    }
    const startedAt = now();
    results[index] = {
      testId: test.id,
      state: 'running',
      startedAt: new Date(startedAt).toISOString(),
    };
    await options.onUpdate?.(results[index], index);
    const blocker = blockedBy(test, done);
    const outcome = blocker
      ? {
          verdict: 'inconclusive' as const,
          reason: `Its prerequisite did not pass (${blocker}).`,
          evidence: [],
        }
      : await runOne(test, context, options);
    const endedAt = now();
    results[index] = {
      testId: test.id,
      state: outcome.verdict,
      startedAt: new Date(startedAt).toISOString(),
      endedAt: new Date(endedAt).toISOString(),
      durationMs: endedAt - startedAt,
      outcome,
    };
    done.set(test.id, results[index]);
    await options.onUpdate?.(results[index], index);
  }
  return results;
}
