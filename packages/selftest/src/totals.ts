import type { ExecutionTotals, TestResult } from './model.ts';

/** The execution record's totals. The pass rate counts only tests that reached pass or fail. */
export function totalsOf(results: readonly TestResult[]): ExecutionTotals {
  const count = (state: TestResult['state']) => results.filter((r) => r.state === state).length;
  const passedTests = count('passed');
  const failedTests = count('failed');
  const decided = passedTests + failedTests;
  return {
    totalTests: results.length,
    passedTests,
    failedTests,
    inconclusiveTests: count('inconclusive'),
    skippedTests: count('skipped') + count('pending') + count('running'),
    passRate: decided === 0 ? null : Math.round((passedTests / decided) * 1000) / 10,
  };
}
