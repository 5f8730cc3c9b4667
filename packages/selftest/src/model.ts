// The self-test model shared by every suite: a test definition (what it checks, how, its pass
// criterion, the ASVS or Observatory item it covers), its outcome with the evidence it kept, and
// the suite execution record of spec part 2 §3 (suiteId, startTime, endTime, status, passRate,
// totals). Suites are data: the security suite lives in this package, the integration and
// performance suites in the server (they need its database, queue and sockets).

export type SuiteId = 'security' | 'integration' | 'performance';

/** Spec §4: a test case is pending, then running, then passed or failed; NetGuard adds
 * inconclusive (a prerequisite did not run, data is missing) and skipped (cancelled or out of budget). */
export type TestState = 'pending' | 'running' | 'passed' | 'failed' | 'inconclusive' | 'skipped';
export type Verdict = 'passed' | 'failed' | 'inconclusive';

/** Spec §4: a suite execution is running, then completed or failed; NetGuard adds cancelled. */
export type ExecutionStatus = 'running' | 'completed' | 'failed' | 'cancelled';

/** One thing a test observed: a request and its answer, a measurement, a probe's result. */
export type EvidenceRecord = {
  /** e.g. 'http-exchange', 'tls-handshake', 'measurement', 'query-plan', 'note'. */
  kind: string;
  summary: string;
  data?: Record<string, unknown>;
};

/** A threshold stored with the test and shown beside its result. */
export type Threshold = {
  metric: string;
  unit: string;
  /** The measured value must be at most `max` and at least `min`. */
  max?: number;
  min?: number;
};

export type TestOutcome = {
  verdict: Verdict;
  /** One sentence: why this verdict, naming the figures it rests on. */
  reason: string;
  evidence: EvidenceRecord[];
  /** Measured figures by metric name (units in the Threshold). */
  measurements?: Record<string, number>;
  /** For a failed test: what to change and where. */
  recommendation?: string;
};

export type TestDefinition<Context> = {
  /** Stable id, e.g. 'security.hsts'. */
  id: string;
  suite: SuiteId;
  name: string;
  checks: string;
  how: string;
  passCriterion: string;
  /** ASVS 5.0 requirement ids ('ASVS 3.4.1') or Observatory items ('Observatory: HSTS'). */
  covers: string[];
  /** True when the test sends only GET, HEAD and OPTIONS to the deployment (the quick test's subset). */
  passive: boolean;
  /** Ids of tests that must pass first; when one did not pass this test is inconclusive. */
  requires?: string[];
  thresholds?: Threshold[];
  run(context: Context, signal: AbortSignal): Promise<TestOutcome>;
};

export type TestResult = {
  testId: string;
  state: TestState;
  startedAt?: string;
  endedAt?: string;
  durationMs?: number;
  outcome?: TestOutcome;
};

export type ExecutionTotals = {
  totalTests: number;
  passedTests: number;
  failedTests: number;
  inconclusiveTests: number;
  skippedTests: number;
  /** passed / (passed + failed), 0..100, or null when no test reached a verdict of its own. */
  passRate: number | null;
};
