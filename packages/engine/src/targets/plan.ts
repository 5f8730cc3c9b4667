import { classifyTarget, parseTargets } from '@netguard/contracts';
import { entryToRange, type IpRange, intToIp, mergeRanges } from './ip.ts';
import type { Scope } from './scope.ts';

export type Refusal = { target: string; reason: string };

/** Targets after parsing and scope checks: address ranges (merged), hostnames still to resolve. */
export type TargetPlan = {
  ranges: IpRange[];
  hostnames: string[];
  invalid: string[];
  refused: Refusal[];
  /** Number of addresses in ranges plus one per hostname (an estimate until resolved). */
  total: number;
};

/**
 * Parses target input (comma-separated string or list of entries) into a scoped plan.
 * @example planTargets('192.0.2.0/24, 192.0.2.7, bad_host', scope).total // 256
 */
export function planTargets(input: string | readonly string[], scope: Scope): TargetPlan {
  const text = typeof input === 'string' ? input : input.join(',');
  const { valid, invalid } = parseTargets(text);
  const ranges: IpRange[] = [];
  const hostnames: string[] = [];
  const refused: Refusal[] = [];
  for (const entry of valid) {
    if (classifyTarget(entry) === 'hostname') {
      hostnames.push(entry.toLowerCase());
      continue;
    }
    const range = entryToRange(entry);
    const verdict = scope.checkRange(range, entry);
    if (verdict.allowed) ranges.push(range);
    else refused.push({ target: entry, reason: verdict.reason });
  }
  const merged = mergeRanges(ranges);
  const addresses = merged.reduce((sum, r) => sum + r.end - r.start + 1, 0);
  return { ranges: merged, hostnames, invalid, refused, total: addresses + hostnames.length };
}

/** Streams every address of the ranges in order; a /8 is never held in memory. */
export function* iterateAddresses(ranges: readonly IpRange[]): Generator<string> {
  for (const range of ranges) {
    for (let n = range.start; n <= range.end; n++) yield intToIp(n);
  }
}
