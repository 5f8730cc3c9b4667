import type {
  TSelftestExecution,
  TSelftestResult,
  TSelftestRunKind,
  TSelftestScores,
} from '@netguard/contracts';
import type { TestDefinition, TestResult } from '@netguard/selftest';
import type { ExecutionRow } from './selftest.repo.ts';

type Definitions = ReadonlyMap<string, TestDefinition<unknown>>;

export function toResult(result: TestResult, definitions: Definitions): TSelftestResult {
  const definition = definitions.get(result.testId);
  const outcome = result.outcome;
  return {
    test_id: result.testId,
    name: definition?.name ?? result.testId,
    state: result.state,
    started_at: result.startedAt ?? null,
    ended_at: result.endedAt ?? null,
    duration_ms: result.durationMs ?? null,
    reason: outcome?.reason ?? null,
    recommendation: outcome?.recommendation ?? null,
    evidence: outcome?.evidence ?? [],
    measurements: outcome?.measurements ?? {},
    thresholds: definition?.thresholds ?? [],
  };
}

export function toExecution(row: ExecutionRow, definitions: Definitions): TSelftestExecution {
  return {
    id: row.id,
    suite_id: row.suiteId as TSelftestRunKind,
    status: row.status as TSelftestExecution['status'],
    progress: row.progress,
    step: row.step,
    start_time: row.startTime.toISOString(),
    end_time: row.endTime?.toISOString() ?? null,
    pass_rate: row.passRate,
    total_tests: row.totalTests,
    passed_tests: row.passedTests,
    failed_tests: row.failedTests,
    skipped_tests: row.skippedTests,
    inconclusive_tests: row.inconclusiveTests,
    error: row.error,
    results: (row.results as TestResult[]).map((r) => toResult(r, definitions)),
    scores: (row.scores as TSelftestScores | null) ?? null,
  };
}
