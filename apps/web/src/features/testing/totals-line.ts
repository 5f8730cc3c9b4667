import type { TSelftestExecution } from '@netguard/contracts';

/** Totals in words; a run with an inconclusive test gets no grade, only its pass rate. */
export function totalsLine(e: TSelftestExecution): string {
  const counts = `${e.passed_tests} passed, ${e.failed_tests} failed, ${e.inconclusive_tests} inconclusive, ${e.skipped_tests} skipped of ${e.total_tests}`;
  const rate = e.pass_rate === null ? 'no pass rate yet' : `pass rate ${e.pass_rate}%`;
  return `${counts}; ${rate}${e.inconclusive_tests > 0 ? ' (no grade while a test is inconclusive)' : ''}.`;
}
