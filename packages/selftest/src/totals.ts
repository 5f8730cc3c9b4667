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

/** Spec §9: the pass-rate badge is default at 90 % or more, secondary at 70 % or more, else destructive. */
export function passRateBadge(passRate: number): 'default' | 'secondary' | 'destructive' {
  if (passRate >= 90) return 'default';
  if (passRate >= 70) return 'secondary';
  return 'destructive';
}
