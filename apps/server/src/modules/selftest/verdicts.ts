// Verdict helpers the server's suites share: a missing prerequisite is inconclusive (never a pass),
// a measured figure is judged against the threshold stored beside the test.
import type { EvidenceRecord, TestOutcome, Threshold } from '@netguard/selftest';

/** Thrown by a probe whose prerequisite is not configured or did not run: the test is inconclusive. */
export class Unavailable extends Error {}

export const passed = (
  reason: string,
  evidence: EvidenceRecord[],
  more: Partial<TestOutcome> = {},
) => ({ verdict: 'passed', reason, evidence, ...more }) satisfies TestOutcome;

export const failed = (
  reason: string,
  recommendation: string,
  evidence: EvidenceRecord[],
  more: Partial<TestOutcome> = {},
) => ({ verdict: 'failed', reason, recommendation, evidence, ...more }) satisfies TestOutcome;

export const inconclusive = (reason: string, evidence: EvidenceRecord[] = []) =>
  ({ verdict: 'inconclusive', reason, evidence }) satisfies TestOutcome;

/**
 * Runs a probe; an `Unavailable` answer (prerequisite missing) becomes an inconclusive outcome,
 * anything else is judged by `judge`.
 */
export async function probeThen<T>(
  probe: () => Promise<T>,
  judge: (value: T) => TestOutcome,
): Promise<TestOutcome> {
  try {
    return judge(await probe());
  } catch (error) {
    if (error instanceof Unavailable) return inconclusive(error.message);
    throw error;
  }
}

/** Whether `value` is within the threshold's bounds. */
export const within = (threshold: Threshold, value: number) =>
  (threshold.max === undefined || value <= threshold.max) &&
  (threshold.min === undefined || value >= threshold.min);

/** The threshold as a person reads it: "at most 500 ms", "between 50 and 500 ms". */
export function describeThreshold(threshold: Threshold): string {
  const { min, max, unit } = threshold;
  if (min !== undefined && max !== undefined) return `between ${min} and ${max} ${unit}`;
  if (max !== undefined) return `at most ${max} ${unit}`;
  return `at least ${min} ${unit}`;
}

/** The nearest-rank percentile of samples (p in 0..100); NaN without samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

export const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Judges every measurement against its threshold: passed when all are within, failed naming the
 * first figure outside. Measurements missing for a threshold make it inconclusive.
 */
export function judgeMeasurements(
  thresholds: readonly Threshold[],
  measurements: Record<string, number>,
  evidence: EvidenceRecord[],
  recommendation: string,
): TestOutcome {
  const more = { measurements };
  const missing = thresholds.find((t) => !Number.isFinite(measurements[t.metric]));
  if (missing) return inconclusive(`No ${missing.metric} was measured.`, evidence);
  const outside = thresholds.filter((t) => !within(t, measurements[t.metric] as number));
  const figures = thresholds
    .map((t) => `${t.metric} ${round1(measurements[t.metric] as number)} ${t.unit}`)
    .join(', ');
  if (outside.length === 0) return passed(`Within every threshold: ${figures}.`, evidence, more);
  const named = outside
    .map(
      (t) =>
        `${t.metric} ${round1(measurements[t.metric] as number)} ${t.unit} is not ${describeThreshold(t)}`,
    )
    .join('; ');
  return failed(`${named}.`, recommendation, evidence, more);
}
