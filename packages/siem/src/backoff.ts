// When to try a destination again after a failure: exponential back-off with full jitter (the
// delay drawn uniformly between a floor and the exponential cap), or the destination's own
// Retry-After when it gave one.

export type BackoffPolicy = {
  /** The cap of the first retry; doubles with each failure in a row. */
  baseMs: number;
  /** The cap never grows beyond this. */
  maxMs: number;
  /** No retry sooner than this (a destination down is not hammered). */
  minMs: number;
};

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1_000, maxMs: 60_000, minMs: 250 };

/**
 * The delay before retry number `failures` (1 for the first failure): uniform in
 * [minMs, min(maxMs, baseMs · 2^(failures−1))], or `retryAfterMs` when the destination asked for
 * it (bounded by maxMs · 5, so a wrong header cannot stall an integration for days).
 */
export function backoffDelay(
  failures: number,
  retryAfterMs?: number,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined) return Math.min(Math.max(retryAfterMs, 0), policy.maxMs * 5);
  const exponent = Math.min(Math.max(failures, 1) - 1, 30);
  const cap = Math.min(policy.maxMs, policy.baseMs * 2 ** exponent);
  return Math.round(policy.minMs + random() * Math.max(cap - policy.minMs, 0));
}
