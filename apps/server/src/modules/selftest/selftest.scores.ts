// The security suite's scores of a run, in the contract's shape: computed by @netguard/selftest
// over the run's security tests when the run held all of them (a security or comprehensive run),
// so a single-test run or the quick test's passive subset never shows a grade of the whole suite.
import type { TSelftestScores } from '@netguard/contracts';
import { securityScores, type TestResult } from '@netguard/selftest';
import { SYSTEM_SUITES } from './suites.ts';

export function scoresOf(results: readonly TestResult[]): TSelftestScores | null {
  const tests = SYSTEM_SUITES.security.tests;
  const byId = new Map(results.map((r) => [r.testId, r]));
  const own = tests.map((t) => byId.get(t.id));
  if (own.some((r) => r === undefined)) return null;
  const s = securityScores(tests, own as TestResult[]);
  const o = s.observatory;
  const t = s.sslLabs;
  return {
    observatory:
      o.grade === null
        ? { score: null, grade: null, reason: o.reason, modifiers: [] }
        : {
            score: o.score,
            grade: o.grade,
            reason: null,
            modifiers: o.modifiers.map((m) => ({
              rule: m.rule,
              modifier: m.modifier,
              test_id: m.testId,
            })),
          },
    ssl_labs:
      t.grade === null
        ? { score: null, grade: null, grade_ignoring_trust: null, caps: [], reason: t.reason }
        : {
            score: t.score,
            grade: t.grade,
            grade_ignoring_trust: t.gradeIgnoringTrust,
            caps: t.caps,
            reason: null,
          },
    asvs: {
      total: s.asvs.total,
      covered: s.asvs.covered,
      checked: s.asvs.checked,
      passed: s.asvs.passed,
      checked_share: s.asvs.checkedShare,
      passed_share: s.asvs.passedShare,
      failed_requirements: s.asvs.failedRequirements,
    },
  };
}
