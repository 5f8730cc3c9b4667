import { classifyTarget } from '@netguard/contracts';
import { entryToRange, mergeRanges } from './ip.ts';

/**
 * How many distinct addresses target entries name: each IPv4 address once however many entries
 * (single, CIDR, range) cover it, plus each distinct hostname once (unresolved here).
 * @example countAddresses(['127.0.0.1-2', '127.0.0.2']) // 2
 */
export function countAddresses(entries: readonly string[]): number {
  const names = new Set<string>();
  const ranges = [];
  for (const entry of entries) {
    const kind = classifyTarget(entry);
    if (kind === 'hostname') names.add(entry.toLowerCase());
    else if (kind) ranges.push(entryToRange(entry));
  }
  return mergeRanges(ranges).reduce((n, r) => n + r.end - r.start + 1, names.size);
}
