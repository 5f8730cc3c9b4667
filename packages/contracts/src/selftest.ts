// Self-test suites, executions and reports (issue 35; spec part 2 "Testing panels", §3, §7, §9).
import { z } from 'zod';
import { ZSelftestScores } from './selftest-scores.ts';
import { textField } from './text-field.ts';

export const SELFTEST_SUITE_IDS = ['security', 'integration', 'performance'] as const;
/** What an execution ran: one suite, the quick test (passive tests) or the comprehensive run (all). */
export const SELFTEST_RUN_KINDS = [...SELFTEST_SUITE_IDS, 'quick', 'comprehensive'] as const;
export const ZSelftestRunKind = z.enum(SELFTEST_RUN_KINDS, { error: 'Unknown test suite' });
export type TSelftestRunKind = z.infer<typeof ZSelftestRunKind>;

/** Spec §9: progress steps, the pause between steps, the history kept and the badge thresholds. */
export const SELFTEST_PROGRESS_STEPS = [30, 50, 70, 90, 100] as const;
export const SELFTEST_STEP_PAUSE_MS = 500;
export const SELFTEST_HISTORY_RUNS = 10;
export const PASS_RATE_DEFAULT_MIN = 90;
export const PASS_RATE_SECONDARY_MIN = 70;

/** Spec §8 toasts and errors of the testing panels. */
export const SELFTEST_TEXT = {
  suiteCompleted: 'Test Suite Completed',
  testingFailed: 'Testing failed',
  testFailed: 'Test failed',
  executionFailed: 'Test Execution Failed',
  reportGenerated: 'Report Generated',
  reportFailed: 'Report Generation Failed',
  reportFailedMessage: 'Failed to generate test report',
  notFound: 'Test execution not found',
  alreadyRunning: (suite: string) =>
    `A ${suite} run is already in progress; wait for it or cancel it`,
  suiteUnavailable: (suite: string) => `The ${suite} suite is not available on this build`,
  unknownTest: (id: string) => `No test "${id}" in this suite`,
  notRunning: 'This execution is no longer running',
} as const;

export const ZSelftestThreshold = z.object({
  metric: z.string(),
  unit: z.string(),
  min: z.number().optional(),
  max: z.number().optional(),
});

export const ZSelftestTestInfo = z.object({
  id: z.string(),
  name: z.string(),
  checks: z.string(),
  how: z.string(),
  pass_criterion: z.string(),
  covers: z.array(z.string()),
  passive: z.boolean(),
  thresholds: z.array(ZSelftestThreshold),
});
export type TSelftestTestInfo = z.infer<typeof ZSelftestTestInfo>;

export const ZSelftestSuite = z.object({
  id: z.enum(SELFTEST_SUITE_IDS),
  title: z.string(),
  /** The number of tests the card claims (15, 12, 8). */
  claimed: z.number().int(),
  estimated_time: z.string(),
  /** False until the suite's tests are on this build. */
  available: z.boolean(),
  tests: z.array(ZSelftestTestInfo),
});
export const ZSelftestSuites = z.object({ suites: z.array(ZSelftestSuite) });
export type TSelftestSuites = z.infer<typeof ZSelftestSuites>;
export type TSelftestSuite = z.infer<typeof ZSelftestSuite>;

export const SELFTEST_TEST_STATES = [
  'pending',
  'running',
  'passed',
  'failed',
  'inconclusive',
  'skipped',
] as const;
export const ZSelftestEvidence = z.object({
  kind: z.string(),
  summary: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export const ZSelftestResult = z.object({
  test_id: z.string(),
  name: z.string(),
  state: z.enum(SELFTEST_TEST_STATES),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  duration_ms: z.number().nullable(),
  reason: z.string().nullable(),
  recommendation: z.string().nullable(),
  evidence: z.array(ZSelftestEvidence),
  measurements: z.record(z.string(), z.number()),
  thresholds: z.array(ZSelftestThreshold),
});
export type TSelftestResult = z.infer<typeof ZSelftestResult>;

export const SELFTEST_STATUSES = ['running', 'completed', 'failed', 'cancelled'] as const;
export const ZSelftestExecution = z.object({
  id: z.uuid(),
  suite_id: ZSelftestRunKind,
  status: z.enum(SELFTEST_STATUSES),
  progress: z.number().int(),
  step: z.string(),
  start_time: z.string(),
  end_time: z.string().nullable(),
  pass_rate: z.number().nullable(),
  total_tests: z.number().int(),
  passed_tests: z.number().int(),
  failed_tests: z.number().int(),
  skipped_tests: z.number().int(),
  inconclusive_tests: z.number().int(),
  error: z.string().nullable(),
  results: z.array(ZSelftestResult),
  /** The security suite's scores, once a run holding all of its tests ended; else null. */
  scores: ZSelftestScores.nullable(),
});
export type TSelftestExecution = z.infer<typeof ZSelftestExecution>;
export const ZSelftestHistory = z.object({ executions: z.array(ZSelftestExecution) });
export type TSelftestHistory = z.infer<typeof ZSelftestHistory>;

const ZTimestamp = z.iso
  .datetime({ error: 'timestamp must be an ISO 8601 date and time' })
  .optional();

/** execute-*-test {testCase, timestamp} (spec §7): testCase picks one test of the suite, else all. */
export const ZExecuteTestBody = z.object({
  testCase: textField().trim().min(1).max(100).optional(),
  timestamp: ZTimestamp,
});
export type TExecuteTestBody = z.infer<typeof ZExecuteTestBody>;

/** store-test-results {execution, testSuite, timestamp}: results come from the server's own run. */
export const ZStoreTestResultsBody = z.object({
  execution: z.uuid({ error: 'execution must be an execution id' }),
  testSuite: ZSelftestRunKind,
  timestamp: ZTimestamp,
});

export const SELFTEST_REPORT_FORMATS = ['html', 'pdf', 'json'] as const;
/** generate-test-report {executionId, format html|pdf|json, timestamp} (spec §7). */
export const ZGenerateTestReportBody = z.object({
  executionId: z.uuid({ error: 'executionId must be an execution id' }),
  format: z.enum(SELFTEST_REPORT_FORMATS, { error: 'format must be html, pdf or json' }),
  timestamp: ZTimestamp,
});
export type TGenerateTestReportBody = z.infer<typeof ZGenerateTestReportBody>;

export const ZSelftestHistoryQuery = z.object({ suite: ZSelftestRunKind.optional() });
export const ZSelftestExecutionParams = z.object({
  id: z.uuid({ error: 'Test execution not found' }),
});
export const ZSelftestRunJob = z.object({ execution_id: z.uuid() });

/** Spec §9: default at 90 % or more, secondary at 70 % or more, else destructive. */
export function passRateVariant(passRate: number): 'default' | 'secondary' | 'destructive' {
  if (passRate >= PASS_RATE_DEFAULT_MIN) return 'default';
  if (passRate >= PASS_RATE_SECONDARY_MIN) return 'secondary';
  return 'destructive';
}
