import { parseTargets } from '@netguard/contracts';

export type TTargetEntryResult = { targets: string[]; invalid: string[] };

/**
 * Adds the typed entry to the chips: split on commas, trim, drop empties, skip invalid ones and
 * duplicates. An empty entry changes nothing.
 * @example addTargets(['127.0.0.1'], '127.0.0.1, bad_host, 198.51.100.0/24') // { targets: ['127.0.0.1', '198.51.100.0/24'], invalid: ['bad_host'] }
 */
export function addTargets(targets: readonly string[], entry: string): TTargetEntryResult {
  const { valid, invalid } = parseTargets(entry, targets);
  return { targets: [...targets, ...valid], invalid };
}

/** The chips without `target`. */
export function removeTarget(targets: readonly string[], target: string): string[] {
  return targets.filter((item) => item !== target);
}
