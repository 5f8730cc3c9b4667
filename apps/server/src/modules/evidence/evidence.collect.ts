// A collection run: runs its collectors over the organization's data, stores each observed fact
// as an evidence item with its ledger row, records status changes, and signs a digest of the
// ledger rows the run wrote. Idempotent per run: a run that is not queued (or stale) is left.
import type { EvidenceSource } from '@netguard/evidence';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { evidenceRuns } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Sealer } from '../../lib/sealed-secrets.ts';
import {
  type Collector,
  collectorsFor,
  type Deployment,
  findCollector,
} from './collectors/index.ts';
import { DAY_MS, type Observation } from './collectors/types.ts';
import { insertItems, type NewItem, refreshStatuses } from './evidence.items.ts';
import { ensureKey, lockKey } from './evidence.keys.ts';
import { writeDigest } from './evidence.ledger.ts';

/** A running run whose heartbeat is older than this was left by a dead worker. */
export const STALE_RUN_SECONDS = 120;

export type CollectDeps = { db: Executor; sealer: Sealer; deployment: Deployment; log: Logger };

function itemOf(collector: Collector, o: Observation, now: Date, runId: string): NewItem {
  const source: EvidenceSource =
    collector.coverage === 'cloud'
      ? { kind: 'cloud', id: collector.id, version: collector.version, connection: 'organization' }
      : { kind: 'collector', id: collector.id, version: collector.version };
  return {
    type: collector.type,
    title: o.subject?.title ?? collector.title,
    description: o.summary,
    requirements: o.subject?.requirements ?? collector.requirements,
    source,
    outcome: o.outcome,
    observedAt: o.observedAt.toISOString(),
    collectedAt: now.toISOString(),
    expiresAt: new Date(o.observedAt.getTime() + collector.validDays * DAY_MS).toISOString(),
    metadata: o.metadata,
    attachments: [],
    reviewRequired: false,
    collectorId: o.subject ? `${collector.id}:${o.subject.key}` : collector.id,
    collectorVersion: collector.version,
    runId,
    createdBy: null,
  };
}

const collectorsOf = (run: typeof evidenceRuns.$inferSelect) =>
  run.collectorIds?.length
    ? run.collectorIds.map((id) => findCollector(id)).filter((c): c is Collector => Boolean(c))
    : collectorsFor(run.frameworkId ?? undefined, run.requirementId ?? undefined);

/** Claims the run (queued, or running with a stale heartbeat); null when another has it. */
async function claim(db: Executor, runId: string) {
  const [run] = await db
    .update(evidenceRuns)
    .set({ status: 'running', startedAt: new Date(), heartbeatAt: new Date() })
    .where(
      and(
        eq(evidenceRuns.id, runId),
        or(
          eq(evidenceRuns.status, 'queued'),
          and(
            eq(evidenceRuns.status, 'running'),
            lt(evidenceRuns.heartbeatAt, sql`now() - make_interval(secs => ${STALE_RUN_SECONDS})`),
          ),
        ),
      ),
    )
    .returning();
  return run ?? null;
}

/** Runs one collection run to its end (completed, or failed with the reason). */
export async function runCollection(deps: CollectDeps, runId: string): Promise<void> {
  const { db, log } = deps;
  const run = await claim(db, runId);
  if (!run) return;
  const org = run.organizationId;
  try {
    await ensureKey(db, deps.sealer, org);
    const now = new Date();
    const items: NewItem[] = [];
    const failures: string[] = [];
    for (const collector of collectorsOf(run)) {
      try {
        const observed = await collector.collect({
          db,
          organizationId: org,
          now,
          deployment: deps.deployment,
        });
        for (const o of Array.isArray(observed) ? observed : [observed])
          items.push(itemOf(collector, o, now, run.id));
      } catch (error) {
        log.warn({ err: error, collector: collector.id, run: run.id }, 'evidence collector failed');
        failures.push(`${collector.id}: ${(error as Error).message}`);
      }
      await db
        .update(evidenceRuns)
        .set({ heartbeatAt: new Date() })
        .where(eq(evidenceRuns.id, run.id));
    }
    const digestNumber = await db.transaction(async (tx) => {
      const key = await lockKey(tx, deps.sealer, org);
      await refreshStatuses(tx, org, now);
      await insertItems(tx, org, items, now);
      return writeDigest(tx, org, key, { now, runId: run.id, always: false });
    });
    await db
      .update(evidenceRuns)
      .set({
        status: failures.length && items.length === 0 ? 'failed' : 'completed',
        itemCount: items.length,
        digestNumber,
        error: failures.length ? failures.join('; ').slice(0, 2000) : null,
        finishedAt: new Date(),
      })
      .where(eq(evidenceRuns.id, run.id));
  } catch (error) {
    log.error({ err: error, run: run.id }, 'evidence collection failed');
    await db
      .update(evidenceRuns)
      .set({
        status: 'failed',
        error: (error as Error).message.slice(0, 2000),
        finishedAt: new Date(),
      })
      .where(eq(evidenceRuns.id, run.id));
  }
}

/** Runs a job should (re)start: queued for a while, or left running by a dead worker. */
export async function dueRuns(db: Executor): Promise<string[]> {
  const list = await db
    .select({ id: evidenceRuns.id })
    .from(evidenceRuns)
    .where(
      or(
        and(
          eq(evidenceRuns.status, 'queued'),
          lt(evidenceRuns.createdAt, sql`now() - interval '10 seconds'`),
        ),
        and(
          inArray(evidenceRuns.status, ['running']),
          lt(evidenceRuns.heartbeatAt, sql`now() - make_interval(secs => ${STALE_RUN_SECONDS})`),
        ),
      ),
    )
    .limit(100);
  return list.map((r) => r.id);
}
