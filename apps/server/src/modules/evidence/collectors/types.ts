// An evidence collector: a small module over NetGuard's own data with an id, a version, the
// requirements it serves across the frameworks, and a collect function that returns the observed
// fact with the time it was true (observedAt), apart from when it was collected.
import { type FrameworkId, findRequirement, type RequirementRef } from '@netguard/evidence';
import type { Executor } from '../../../db/client.ts';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** What a collector may read besides the database: the deployment it runs in. */
export type Deployment = {
  publicUrl: string;
  /** Where `netguard backup` writes by default. */
  backupDir: string;
  egress: { allowedRanges: readonly string[]; deniedRanges: readonly string[] };
  scans: { allowedRanges: readonly string[]; deniedRanges: readonly string[] };
};

export type CollectorContext = {
  db: Executor;
  organizationId: string;
  now: Date;
  deployment: Deployment;
};

export type Observation = {
  outcome: 'satisfied' | 'partial' | 'not_satisfied';
  /** When the fact was true: the newest record it rests on, or now for a current state. */
  observedAt: Date;
  /** One sentence a person reads: the figures, named. */
  summary: string;
  metadata: { [key: string]: Json };
  /** A collector that yields one item per subject (cloud checks) names each. */
  subject?: { key: string; title: string; requirements: RequirementRef[] };
};

export type Collector = {
  id: string;
  version: string;
  /** The evidence type it produces. */
  type: string;
  title: string;
  /** automated: NetGuard's own data; cloud: through a cloud connection. */
  coverage: 'automated' | 'cloud';
  /** How long an item stays valid after it was observed. */
  validDays: number;
  requirements: RequirementRef[];
  collect: (ctx: CollectorContext) => Promise<Observation | Observation[]>;
};

/**
 * Requirement references from `framework:id` strings; throws on an id the catalogue lacks, so a
 * typo fails the collector tests instead of serving nothing.
 * @example refs('soc2:CC6.1', 'iso27001:A.8.5')
 */
export function refs(...ids: string[]): RequirementRef[] {
  return ids.map((text) => {
    const at = text.indexOf(':');
    const framework = text.slice(0, at) as FrameworkId;
    const id = text.slice(at + 1);
    if (!findRequirement(framework, id)) throw new Error(`unknown requirement ${text}`);
    return { framework, id };
  });
}

/** satisfied at `full`, partial above zero, not_satisfied at zero: for coverage shares. */
export function shareOutcome(covered: number, total: number): Observation['outcome'] {
  if (total === 0 || covered >= total) return 'satisfied';
  return covered > 0 ? 'partial' : 'not_satisfied';
}

export const percent = (part: number, whole: number) =>
  whole === 0 ? 100 : Math.round((part / whole) * 1000) / 10;

export const DAY_MS = 24 * 60 * 60 * 1000;
export const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** The newest of some dates (strings or Dates from the database), or `fallback`. */
export function newest(dates: (Date | string | null | undefined)[], fallback: Date): Date {
  const times = dates.filter(Boolean).map((d) => new Date(d as Date | string).getTime());
  return times.length ? new Date(Math.max(...times)) : fallback;
}
