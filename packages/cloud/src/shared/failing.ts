// The most common shape of a check: a finding for each resource of one collected list that fails
// a test, in the provider's draft form.
import type { CheckFn, Draft } from './run-scan.ts';

type Evidence = Record<string, unknown>;

/**
 * Checks over `list` whose findings `draft` builds.
 * @example const bucketCheck = failingOver((d: GcpData) => d.buckets, draft);
 *          bucketCheck((b) => !b.logging, (b) => `${b.name} logs nothing`, () => ({}))
 */
export function failingOver<D, R>(
  list: (data: D) => R[],
  draft: (r: R, detail: string, evidence: Evidence) => Draft,
) {
  return (
    fails: (r: R) => boolean,
    detail: (r: R) => string,
    evidence: (r: R) => Evidence,
  ): CheckFn<D> =>
    (data) =>
      list(data)
        .filter(fails)
        .map((r) => draft(r, detail(r), evidence(r)));
}
