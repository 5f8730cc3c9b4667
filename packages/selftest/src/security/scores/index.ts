// The suite's scores. A suite with a test that reached no verdict of its own prints no grade:
// every grade is null, with the reason naming the tests that were not decided.
import type { TestDefinition, TestResult } from '../../model.ts';
import { asvsShare } from './asvs.ts';
import { modifiersOf, observatoryScore } from './observatory.ts';
import { sslInputOf, sslLabsGrade } from './ssl-labs.ts';

export { ASVS_LEVEL1_TOTAL, asvsShare } from './asvs.ts';
export { observatoryGrade, observatoryScore } from './observatory.ts';
export { sslLabsGrade } from './ssl-labs.ts';

type Withheld = { grade: null; reason: string };

export function securityScores<C>(
  tests: readonly TestDefinition<C>[],
  results: readonly TestResult[],
) {
  const undecided = results.filter((r) => r.state !== 'passed' && r.state !== 'failed');
  const asvs = asvsShare(tests, results);
  if (undecided.length > 0) {
    const reason = `No grade: ${undecided.map((r) => `${r.testId} is ${r.state}`).join(', ')}.`;
    const withheld: Withheld = { grade: null, reason };
    return { observatory: withheld, sslLabs: withheld, asvs };
  }
  const input = sslInputOf(results);
  const sslLabs = input
    ? sslLabsGrade(input)
    : ({
        grade: null,
        reason: 'No TLS grade: the deployment serves no TLS (the TLS tests failed on plain HTTP).',
      } satisfies Withheld);
  return { observatory: observatoryScore(modifiersOf(results)), sslLabs, asvs };
}
