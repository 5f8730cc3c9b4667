// The deployment's own self-tests as evidence (issue 35): the newest run of each suite that held
// all of its tests (the suite itself or the comprehensive run) and ended within the validity
// window. Satisfied when every test passed, partial when one failed, was inconclusive or did not
// run, not satisfied when no such run ended in the window.
import { scoreLines, type TSelftestScores } from '@netguard/contracts';
import { type TestResult, totalsOf } from '@netguard/selftest';
import { sql } from 'drizzle-orm';
import { SYSTEM_SUITES, type SystemSuiteId } from '../../selftest/suites.ts';
import { rows } from './query.ts';
import { type Collector, daysAgo, type Observation, refs } from './types.ts';

type Execution = {
  id: string;
  suite_id: string;
  status: string;
  end_time: Date;
  results: TestResult[];
  scores: TSelftestScores | null;
};

const VALID_DAYS = 30;

async function observe(
  ctx: Parameters<Collector['collect']>[0],
  suite: SystemSuiteId,
): Promise<Observation> {
  const { db, organizationId, now } = ctx;
  const { title, tests } = SYSTEM_SUITES[suite];
  // History keeps 10 runs per kind: at most 20 rows of the suite and the comprehensive run.
  const list = await rows<Execution>(
    db,
    sql`select id, suite_id, status, end_time, results, scores from selftest_executions
        where organization_id = ${organizationId} and suite_id in (${suite}, 'comprehensive')
          and status <> 'running' and end_time >= ${daysAgo(now, VALID_DAYS)} and end_time <= ${now}
        order by end_time desc limit 20`,
  );
  const ids = tests.map((t) => t.id);
  const ofSuite = (e: Execution) => {
    const byId = new Map(e.results.map((r) => [r.testId, r]));
    return ids.map((id) => byId.get(id));
  };
  const latest = list.find((e) => ofSuite(e).every(Boolean));
  if (!latest)
    return {
      outcome: 'not_satisfied',
      observedAt: now,
      summary: `No run of all ${ids.length} ${title} ended in the last ${VALID_DAYS} days`,
      metadata: { executionId: null, tests: ids.length },
    };
  const results = ofSuite(latest) as TestResult[];
  const totals = totalsOf(results);
  const idsIn = (state: TestResult['state']) =>
    results.filter((r) => r.state === state).map((r) => r.testId);
  const failed = idsIn('failed');
  const inconclusive = idsIn('inconclusive');
  const notRun = results
    .filter((r) => !['passed', 'failed', 'inconclusive'].includes(r.state))
    .map((r) => r.testId);
  const endedAt = new Date(latest.end_time);
  const rate = totals.passRate === null ? 'no pass rate' : `pass rate ${totals.passRate}%`;
  const parts = [
    `${title} run ${latest.id} (${latest.suite_id}, ${latest.status}) ended ${endedAt.toISOString()}: ${totals.passedTests} of ${totals.totalTests} passed, ${rate}`,
    failed.length ? `failed: ${failed.join(', ')}` : '',
    inconclusive.length ? `inconclusive: ${inconclusive.join(', ')}` : '',
    notRun.length ? `not run: ${notRun.join(', ')}` : '',
    ...(suite === 'security' && latest.scores ? Object.values(scoreLines(latest.scores)) : []),
  ];
  return {
    outcome: totals.passedTests === totals.totalTests ? 'satisfied' : 'partial',
    observedAt: endedAt,
    summary: parts.filter(Boolean).join('; '),
    metadata: {
      executionId: latest.id,
      runKind: latest.suite_id,
      status: latest.status,
      endedAt: endedAt.toISOString(),
      tests: totals.totalTests,
      passed: totals.passedTests,
      passRate: totals.passRate,
      failed,
      inconclusive,
      notRun,
      ...(suite === 'security' ? { scores: latest.scores } : {}),
    },
  };
}

const selftestCollector = (
  suite: SystemSuiteId,
  type: string,
  requirements: string[],
): Collector => ({
  id: `selftest_${suite}`,
  version: '1.0.0',
  type,
  title: `${SYSTEM_SUITES[suite].title} of the deployment passed (${VALID_DAYS} days)`,
  coverage: 'automated',
  validDays: VALID_DAYS,
  requirements: refs(...requirements),
  collect: (ctx) => observe(ctx, suite),
});

export const selftestSecurity = selftestCollector('security', 'security_test_results', [
  'soc2:CC7.1',
  'soc2:CC4.1',
  'iso27001:A.8.8',
  'iso27001:A.8.29',
  'nist:ID.RA-01',
  'nist:ID.IM-02',
  'hipaa:164.308(a)(8)',
  'gdpr:Art. 32',
]);

export const selftestIntegration = selftestCollector('integration', 'integration_test_results', [
  'soc2:A1.2',
  'soc2:CC7.2',
  'iso27001:A.8.16',
  'nist:DE.CM-09',
  'nist:ID.IM-02',
]);

export const selftestPerformance = selftestCollector('performance', 'performance_test_results', [
  'soc2:A1.1',
  'iso27001:A.8.6',
  'nist:PR.IR-04',
]);
