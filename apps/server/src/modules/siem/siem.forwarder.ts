// The forwarder of one integration: under an advisory lock (one forwarder per integration across
// every worker, released when its process dies), it reads the integration's pending events in
// order, sends them batch by batch through the integration's destination and records each
// batch's outcomes as soon as its answer arrives, before it sends the next: delivered with its
// receipt, dead with the reason, or kept for a retry after a back-off. A crash sends again at most
// the batch in flight. Connections go through the egress policy as a tenant's, or an operator's
// when one made the last save; a destination the policy refuses keeps its events like one that is
// down, with the policy's reason.
import { backoffDelay, type Destination, type Outcome, type SiemEvent } from '@netguard/siem';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Executor } from '../../db/client.ts';
import { siemIntegrations } from '../../db/schema.ts';
import type { ServerEgress } from '../../lib/egress.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Sealer } from '../../lib/sealed-secrets.ts';
import {
  destinationOf,
  forwardingNetwork,
  healthyStatus,
  type IntegrationRow,
} from './siem.config.ts';

export type ForwarderDeps = {
  db: Executor;
  /** Where the forwarder takes its lock's own connection. */
  pool: pg.Pool;
  secrets: Sealer;
  /** The deployment's egress policy: a tenant's network, or an operator's (savedByOperator). */
  egress: Pick<ServerEgress, 'tenant' | 'operator'>;
  log: Logger;
  shutdown?: AbortSignal;
};

/** How long one run sends before it hands over (the job is sent again). */
export const RUN_BUDGET_MS = 20_000;
/** How long a run waits for another worker's forwarder of the same integration to finish. */
const LOCK_WAIT = '30s';
/** Events read per round: this many batches' worth, sent and recorded one batch at a time. */
const BATCHES_PER_ROUND = 5;

export type RunResult =
  /** Nothing left to send now. */
  | { next: 'idle' }
  /** Paused after a failure until `at`. */
  | { next: 'later'; at: Date }
  /** The run's budget is spent and events are waiting. */
  | { next: 'now' }
  /** Another forwarder held the integration for the whole wait. */
  | { next: 'busy' };

/** Runs the forwarder of one integration once. */
export async function forwardIntegration(
  deps: ForwarderDeps,
  integrationId: string,
): Promise<RunResult> {
  const client = await deps.pool.connect();
  let locked = false;
  try {
    await client.query(`set lock_timeout = '${LOCK_WAIT}'`);
    try {
      await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [
        `siem:${integrationId}`,
      ]);
      locked = true;
    } catch (error) {
      if ((error as { code?: string }).code === '55P03') return { next: 'busy' };
      throw error;
    }
    return await drain(deps, integrationId);
  } finally {
    if (locked) await client.query('select pg_advisory_unlock_all()').catch(() => undefined);
    client.release();
  }
}

async function drain(deps: ForwarderDeps, integrationId: string): Promise<RunResult> {
  const started = Date.now();
  let destination: { at: number; sender: Destination } | null = null;
  while (!deps.shutdown?.aborted) {
    const [row] = await deps.db
      .select()
      .from(siemIntegrations)
      .where(eq(siemIntegrations.id, integrationId));
    if (!row) return { next: 'idle' };
    if (row.retryAt && row.retryAt.getTime() > Date.now())
      return { next: 'later', at: row.retryAt };
    if (Date.now() - started > RUN_BUDGET_MS) return { next: 'now' };
    await expireOld(deps.db, row);
    const events = await pendingEvents(deps.db, row);
    if (events.length === 0) return { next: 'idle' };
    // A Configure that changed the row gets a new sender (new endpoint, credentials or saver).
    if (destination?.at !== row.updatedAt.getTime())
      destination = {
        at: row.updatedAt.getTime(),
        sender: destinationOf(row, deps.secrets, forwardingNetwork(deps.egress, row)),
      };
    const pause = await sendBatches(deps, row, destination.sender, events);
    if (pause) return { next: 'later', at: pause };
  }
  return { next: 'now' };
}

/**
 * Sends the events batch by batch, recording each batch's outcomes as soon as its answer arrives
 * (a crash sends again at most the batch in flight); stops at the first batch that pauses the
 * integration and returns until when, or null.
 */
async function sendBatches(
  deps: ForwarderDeps,
  row: IntegrationRow,
  sender: Destination,
  events: SiemEvent[],
): Promise<Date | null> {
  let current = row;
  for (let from = 0; from < events.length && !deps.shutdown?.aborted; ) {
    const batch = events.slice(from, from + row.settings.batchSize);
    from += batch.length;
    const outcomes = await sender.send(batch);
    const pause = await recordOutcomes(deps.db, current, outcomes);
    deps.log.debug(
      {
        component: 'siem',
        integrationId: row.id,
        sent: batch.length,
        delivered: outcomes.filter((o) => o.status === 'delivered').length,
      },
      'siem batch forwarded',
    );
    if (pause) return pause;
    // Recorded without a retry: the failure count is back to 0.
    current = { ...current, failures: 0 };
  }
  return null;
}

/** Pending events past the integration's maximum age are dead-lettered as expired. */
async function expireOld(db: Executor, row: IntegrationRow): Promise<void> {
  await db.execute(sql`
    update siem_deliveries set state = 'dead', dead_at = now(),
      last_error = ${`expired: not delivered within ${row.settings.maxAgeHours} h`}
        || coalesce(' (last error: ' || last_error || ')', '')
    where integration_id = ${row.id} and state = 'pending'
      and queued_at < now() - make_interval(hours => ${row.settings.maxAgeHours})`);
}

/** The integration's first pending events, in order: BATCHES_PER_ROUND batches' worth. */
async function pendingEvents(db: Executor, row: IntegrationRow): Promise<SiemEvent[]> {
  const result = await db.execute(sql`
    select e.event from siem_deliveries d join siem_events e on e.id = d.event_id
    where d.integration_id = ${row.id} and d.state = 'pending'
    order by d.seq limit ${row.settings.batchSize * BATCHES_PER_ROUND}`);
  return (result.rows as { event: SiemEvent }[]).map((r) => r.event);
}

type Change = { id: string; receipt?: unknown; reason?: string; charged?: boolean };

/**
 * Records the outcomes in one transaction. A retry that got an answer (5xx, a refused item)
 * costs the event an attempt, and beyond the integration's retryAttempts it is dead; a retry with
 * no answer or with Retry-After is the destination's state and costs nothing (the maximum age
 * bounds it). Any retry pauses the integration with back-off; returns until when, or null.
 */
async function recordOutcomes(
  db: Executor,
  row: IntegrationRow,
  outcomes: Outcome[],
): Promise<Date | null> {
  const delivered: Change[] = [];
  const dead: Change[] = [];
  const retried: Change[] = [];
  let retryAfterMs: number | undefined;
  for (const o of outcomes) {
    if (o.status === 'delivered') delivered.push({ id: o.eventId, receipt: o.receipt });
    else if (o.status === 'dead') dead.push({ id: o.eventId, reason: o.reason });
    else {
      retried.push({
        id: o.eventId,
        reason: o.reason,
        charged: !o.unreachable && o.retryAfterMs === undefined,
      });
      if (o.retryAfterMs !== undefined) retryAfterMs = Math.max(retryAfterMs ?? 0, o.retryAfterMs);
    }
  }
  const failures = retried.length > 0 ? row.failures + 1 : 0;
  const pauseMs = retried.length > 0 ? backoffDelay(failures, retryAfterMs) : 0;
  const problem = retried[0]?.reason ?? dead[0]?.reason ?? null;
  await db.transaction(async (tx) => {
    if (delivered.length)
      await tx.execute(sql`
        update siem_deliveries d set state = 'delivered', delivered_at = now(), last_error = null,
          receipt = c.receipt, attempts = d.attempts + 1
        from jsonb_to_recordset(${JSON.stringify(delivered)}::jsonb) as c(id uuid, receipt jsonb)
        where d.integration_id = ${row.id} and d.event_id = c.id and d.state = 'pending'`);
    if (dead.length)
      await tx.execute(sql`
        update siem_deliveries d set state = 'dead', dead_at = now(), last_error = c.reason,
          attempts = d.attempts + 1
        from jsonb_to_recordset(${JSON.stringify(dead)}::jsonb) as c(id uuid, reason text)
        where d.integration_id = ${row.id} and d.event_id = c.id and d.state = 'pending'`);
    if (retried.length) {
      const spent = sql`c.charged and d.attempts + 1 > ${row.settings.retryAttempts}`;
      await tx.execute(sql`
        update siem_deliveries d set
          attempts = d.attempts + case when c.charged then 1 else 0 end,
          last_error = case when ${spent}
            then ${`gave up after ${row.settings.retryAttempts + 1} attempts: `} || c.reason
            else c.reason end,
          state = case when ${spent}
                  then 'dead'::siem_delivery_state else 'pending'::siem_delivery_state end,
          dead_at = case when ${spent} then now() end
        from jsonb_to_recordset(${JSON.stringify(retried)}::jsonb)
             as c(id uuid, reason text, charged boolean)
        where d.integration_id = ${row.id} and d.event_id = c.id and d.state = 'pending'`);
    }
    await tx.execute(sql`
      update siem_integrations set
        failures = ${failures},
        retry_at = ${retried.length ? sql`now() + make_interval(secs => ${pauseMs / 1000})` : null},
        status = ${problem ? 'error' : healthyStatus(row.settings)}::siem_status,
        last_error = ${problem},
        last_sync = case when ${delivered.length > 0} then now() else last_sync end
      where id = ${row.id}`);
  });
  return retried.length ? new Date(Date.now() + pauseMs) : null;
}
