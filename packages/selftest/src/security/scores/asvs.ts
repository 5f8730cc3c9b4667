// The share of OWASP ASVS 5.0 level-1 requirements the suite checked and passed. Level 1 has 70
// requirements; about 25 can be checked from outside, and these are the ones the suite covers.
import type { TestDefinition, TestResult } from '../../model.ts';

export const ASVS_LEVEL1_TOTAL = 70;

/** The level-1 requirements among the suite's `covers` (the others are level 2 or 3). */
export const ASVS_LEVEL1_COVERED = new Set([
  '3.3.1',
  '3.4.1',
  '3.4.2',
  '4.1.1',
  '6.2.4',
  '6.3.1',
  '6.3.2',
  '7.2.1',
  '7.2.4',
  '7.4.1',
  '8.2.1',
  '8.2.2',
  '8.3.1',
  '9.1.1',
  '9.1.2',
  '9.2.1',
  '12.1.1',
  '12.2.1',
  '12.2.2',
  '13.4.1',
]);

export function asvsShare<C>(tests: readonly TestDefinition<C>[], results: readonly TestResult[]) {
  const state = new Map(results.map((r) => [r.testId, r.state]));
  const byRequirement = new Map<string, string[]>();
  for (const t of tests)
    for (const c of t.covers) {
      const id = /^ASVS (\S+)$/.exec(c)?.[1];
      if (id && ASVS_LEVEL1_COVERED.has(id))
        byRequirement.set(id, [...(byRequirement.get(id) ?? []), t.id]);
    }
  const decided = (ids: string[]) =>
    ids.every((id) => state.get(id) === 'passed' || state.get(id) === 'failed');
  const checked = [...byRequirement].filter(([, ids]) => decided(ids)).map(([r]) => r);
  const passed = checked.filter((r) =>
    (byRequirement.get(r) ?? []).every((id) => state.get(id) === 'passed'),
  );
  return {
    total: ASVS_LEVEL1_TOTAL,
    covered: byRequirement.size,
    checked: checked.length,
    passed: passed.length,
    checkedShare: Math.round((checked.length / ASVS_LEVEL1_TOTAL) * 1000) / 10,
    passedShare: Math.round((passed.length / ASVS_LEVEL1_TOTAL) * 1000) / 10,
    failedRequirements: checked.filter((r) => !passed.includes(r)).map((r) => `ASVS ${r}`),
  };
}
