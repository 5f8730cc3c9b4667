// Which of a provider's checks a scan runs: all by default, or the ids asked for.
import type { CheckMeta } from './types.ts';

export class UnknownCheck extends Error {
  constructor(ids: string[]) {
    super(`Unknown check id${ids.length > 1 ? 's' : ''}: ${ids.join(', ')}`);
    this.name = 'UnknownCheck';
  }
}

/** The ids to run; throws UnknownCheck when an asked-for id is not one of `checks`. */
export function selectChecks(
  checks: readonly CheckMeta[],
  requested?: readonly string[],
): string[] {
  if (!requested?.length) return checks.map((c) => c.id);
  const known = new Set(checks.map((c) => c.id));
  const unknown = requested.filter((id) => !known.has(id));
  if (unknown.length) throw new UnknownCheck(unknown);
  return checks.filter((c) => requested.includes(c.id)).map((c) => c.id);
}
