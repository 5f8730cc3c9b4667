// What each run kind holds: a suite's tests, the quick test's passive ones, or all of them, and
// the suite catalogue the pages show.
import type { TSelftestRunKind, TSelftestSuite } from '@netguard/contracts';
import type { TestDefinition } from '@netguard/selftest';
import type { RunContext } from './probes.ts';
import { registeredTests, SYSTEM_SUITES } from './suites.ts';

type Test = TestDefinition<RunContext>;

export const KIND_TITLES: Record<TSelftestRunKind, string> = {
  security: SYSTEM_SUITES.security.title,
  integration: SYSTEM_SUITES.integration.title,
  performance: SYSTEM_SUITES.performance.title,
  quick: 'Quick Test',
  comprehensive: 'Comprehensive Test',
};

/** The tests a run of `kind` holds; null when the suite is not on this build. */
export function testsOf(kind: TSelftestRunKind): Test[] | null {
  if (kind === 'quick') return registeredTests().filter((t) => t.passive);
  if (kind === 'comprehensive') return registeredTests();
  return [...SYSTEM_SUITES[kind].tests];
}

export const definitionsById = (): ReadonlyMap<string, TestDefinition<unknown>> =>
  new Map(registeredTests().map((t) => [t.id, t as TestDefinition<unknown>]));

const info = (t: Test) => ({
  id: t.id,
  name: t.name,
  checks: t.checks,
  how: t.how,
  pass_criterion: t.passCriterion,
  covers: t.covers,
  passive: t.passive,
  thresholds: t.thresholds ?? [],
});

export function suiteCatalog(): TSelftestSuite[] {
  return [
    ...Object.values(SYSTEM_SUITES).map((s) => ({
      id: s.id,
      title: s.title,
      claimed: s.claimed,
      estimated_time: s.estimatedTime,
      available: s.tests.length === s.claimed,
      tests: s.tests.map(info),
    })),
  ];
}

/** Run limits of a kind: a suite's own, the sum for the comprehensive run, 30 s for the quick test. */
export function limitsOf(kind: TSelftestRunKind) {
  if (kind === 'quick') return { budgetMs: 30_000, testTimeoutMs: 15_000 };
  if (kind === 'security' || kind === 'integration' || kind === 'performance')
    return SYSTEM_SUITES[kind];
  return { budgetMs: 15 * 60_000, testTimeoutMs: 180_000 };
}
