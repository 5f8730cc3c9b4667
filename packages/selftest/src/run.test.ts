import { describe, expect, it } from 'vitest';
import type { TestDefinition } from './model.ts';
import { runTests } from './run.ts';
import { totalsOf } from './totals.ts';

function test(
  id: string,
  run: TestDefinition<null>['run'],
  requires?: string[],
): TestDefinition<null> {
  return {
    id,
    suite: 'security',
    name: id,
    checks: id,
    how: id,
    passCriterion: id,
    covers: [],
    passive: true,
    requires,
    run,
  };
}
const pass = async () => ({ verdict: 'passed' as const, reason: 'ok', evidence: [] });
const fail = async () => ({ verdict: 'failed' as const, reason: 'bad', evidence: [] });

describe('runTests', () => {
  it('makes a test inconclusive when its prerequisite did not pass, or when it throws', async () => {
    const results = await runTests(
      [
        test('a', fail),
        test('b', pass, ['a']),
        test('c', async () => {
          throw new Error('sign-in refused');
        }),
        test('d', pass),
      ],
      null,
      { budgetMs: 10_000, testTimeoutMs: 1_000 },
    );
    expect(results.map((r) => r.state)).toEqual([
      'failed',
      'inconclusive',
      'inconclusive',
      'passed',
    ]);
    expect(results[1]?.outcome?.reason).toContain('a failed');
    expect(results[2]?.outcome?.reason).toContain('sign-in refused');
    expect(totalsOf(results)).toMatchObject({
      passedTests: 1,
      failedTests: 1,
      inconclusiveTests: 2,
      passRate: 50,
    });
  });

  it('stops a test at its limit and skips what the budget or a cancel leaves', async () => {
    const slow = test('slow', (_c, signal) =>
      new Promise((_r, reject) => signal.addEventListener('abort', () => reject(signal.reason))));
    const timed = await runTests([slow, test('next', pass)], null, {
      budgetMs: 10_000,
      testTimeoutMs: 50,
    });
    expect(timed.map((r) => r.state)).toEqual(['inconclusive', 'passed']);
    expect(timed[0]?.outcome?.reason).toContain('50 ms limit');

    const cancel = new AbortController();
    const cancelled = await runTests(
      [
        test('first', async () => {
          cancel.abort();
          return pass();
        }),
        test('second', pass),
      ],
      null,
      { budgetMs: 10_000, testTimeoutMs: 1_000, signal: cancel.signal },
    );
    expect(cancelled.map((r) => r.state)).toEqual(['passed', 'skipped']);
    expect(totalsOf(cancelled).skippedTests).toBe(1);
  });

  it('gives no pass rate without a verdict', () => {
    expect(totalsOf([{ testId: 'x', state: 'inconclusive' }]).passRate).toBeNull();
  });
});
