// Collection schedules (per framework, per collector; defaults SOC 2 weekly, ISO 27001 monthly)
// and the periodic steps: start the collections that are due, and sign a digest at least daily.
import {
  DEFAULT_SCHEDULES,
  PLAN_FEATURES,
  type TCollectionFrequency,
  type TTierTable,
  tierIncludes,
} from '@netguard/contracts';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { evidenceDigests, evidenceKeys, evidenceRuns, evidenceSchedules } from '../../db/schema.ts';
import type { Sealer } from '../../lib/sealed-secrets.ts';
import { tierOf } from '../subscription/subscription.tier.ts';
import { lockKey } from './evidence.keys.ts';
import { writeDigest } from './evidence.ledger.ts';

const DAYS: Record<TCollectionFrequency, number> = {
  daily: 1,
  weekly: 7,
  monthly: 30,
  quarterly: 91,
};

export const nextRun = (from: Date, frequency: TCollectionFrequency) =>
  new Date(from.getTime() + DAYS[frequency] * 24 * 60 * 60 * 1000);

/** Gives an organization the default schedules once (kept when it changed them). */
export async function ensureDefaultSchedules(
  db: Executor,
  organizationId: string,
  now = new Date(),
) {
  await db
    .insert(evidenceSchedules)
    .values(
      DEFAULT_SCHEDULES.map((s) => ({
        organizationId,
        scopeKind: 'framework' as const,
        scopeId: s.frameworkId,
        frequency: s.frequency,
        // The first scheduled run comes soon: the organization starts with evidence.
        nextRunAt: now,
      })),
    )
    .onConflictDoNothing();
}

/** Why a scheduled run of an organization whose plan no longer has the feature collects nothing. */
export const notOnPlanMessage = (tier: string) =>
  `Not collected: ${PLAN_FEATURES.compliance_evidence.name.toLowerCase()} is an ${PLAN_FEATURES.compliance_evidence.tier} feature and this organization is on ${tier}. The schedule is kept and collects again once the plan includes it.`;

/**
 * Starts a run for every enabled schedule that is due and moves it on by its frequency. Claims
 * its rows (skip locked), so any number of workers can run it. The plan is read again as each
 * schedule fires: an organization that left Enterprise gets a failed run saying why, not a
 * collection.
 */
export async function startDueCollections(
  db: Executor,
  send: (runId: string) => Promise<void>,
  tiers: TTierTable,
) {
  const now = new Date();
  const started = await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(evidenceSchedules)
      .where(and(eq(evidenceSchedules.enabled, true), lte(evidenceSchedules.nextRunAt, now)))
      .limit(50)
      .for('update', { skipLocked: true });
    const runs: string[] = [];
    for (const s of due) {
      const tier = await tierOf(tx, tiers, s.organizationId);
      const onPlan = tierIncludes(tier, 'compliance_evidence');
      const [run] = await tx
        .insert(evidenceRuns)
        .values({
          organizationId: s.organizationId,
          frameworkId: s.scopeKind === 'framework' ? s.scopeId : null,
          collectorIds: s.scopeKind === 'collector' ? [s.scopeId] : null,
          trigger: 'schedule',
          ...(onPlan
            ? { status: 'queued' as const }
            : { status: 'failed' as const, error: notOnPlanMessage(tier), finishedAt: now }),
        })
        .returning({ id: evidenceRuns.id });
      if (run && onPlan) runs.push(run.id);
      await tx
        .update(evidenceSchedules)
        .set({ lastRunAt: now, nextRunAt: nextRun(now, s.frequency) })
        .where(
          and(
            eq(evidenceSchedules.organizationId, s.organizationId),
            eq(evidenceSchedules.scopeKind, s.scopeKind),
            eq(evidenceSchedules.scopeId, s.scopeId),
          ),
        );
    }
    return runs;
  });
  for (const id of started) await send(id);
  return started.length;
}

/** At least daily: a signed digest of the ledger rows no digest covers yet, per organization. */
export async function writeDailyDigests(db: Executor, sealer: Sealer) {
  const due = (
    await db.execute(sql`
      select k.organization_id as id from ${evidenceKeys} k
      where coalesce((select max(d.digest_time) from ${evidenceDigests} d where d.organization_id = k.organization_id), k.created_at)
            < now() - interval '1 day'
      limit 100`)
  ).rows as { id: string }[];
  for (const { id } of due)
    await db.transaction(async (tx) => {
      const key = await lockKey(tx, sealer, id);
      // A day without new rows still gets a digest: the chain shows the ledger was unchanged.
      await writeDigest(tx, id, key, { now: new Date(), runId: null, always: true });
    });
  return due.length;
}
