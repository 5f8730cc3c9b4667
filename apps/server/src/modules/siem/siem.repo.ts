import type { TSiemDeliveryState, TSiemStats } from '@netguard/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { siemIntegrations } from '../../db/schema.ts';
import type { IntegrationRow } from './siem.config.ts';

const i = siemIntegrations;

export async function listIntegrations(db: Executor, organizationId: string) {
  return db.select().from(i).where(eq(i.organizationId, organizationId)).orderBy(desc(i.createdAt));
}

export async function findIntegration(
  db: Executor,
  organizationId: string,
  id: string,
): Promise<IntegrationRow | null> {
  const [row] = await db
    .select()
    .from(i)
    .where(and(eq(i.organizationId, organizationId), eq(i.id, id)));
  return row ?? null;
}

export async function insertIntegration(db: Executor, values: typeof i.$inferInsert) {
  const [row] = await db.insert(i).values(values).returning();
  return row as IntegrationRow;
}

export async function updateIntegration(
  db: Executor,
  organizationId: string,
  id: string,
  values: Partial<typeof i.$inferInsert>,
) {
  const [row] = await db
    .update(i)
    .set({ updatedAt: new Date(), ...values })
    .where(and(eq(i.organizationId, organizationId), eq(i.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteIntegration(db: Executor, organizationId: string, id: string) {
  const rows = await db
    .delete(i)
    .where(and(eq(i.organizationId, organizationId), eq(i.id, id)))
    .returning({ id: i.id });
  return rows.length > 0;
}

/** Backlog, delivered and dead counts, p95 latency of the last 1,000 deliveries, per integration. */
export async function integrationStats(
  db: Executor,
  organizationId: string,
): Promise<Map<string, TSiemStats>> {
  const result = await db.execute(sql`
    select i.id,
      (select count(*)::int from siem_deliveries d
        where d.integration_id = i.id and d.state = 'pending') as backlog,
      (select count(*)::int from siem_deliveries d
        where d.integration_id = i.id and d.state = 'delivered') as delivered,
      (select count(*)::int from siem_deliveries d
        where d.integration_id = i.id and d.state = 'dead') as dead,
      (select percentile_cont(0.95) within group (order by latency) from (
         select extract(epoch from d.delivered_at - d.queued_at) * 1000 as latency
           from siem_deliveries d where d.integration_id = i.id and d.state = 'delivered'
          order by d.delivered_at desc limit 1000) l) as p95,
      (select max(d.delivered_at) from siem_deliveries d
        where d.integration_id = i.id and d.state = 'delivered') as last_delivered
    from siem_integrations i where i.organization_id = ${organizationId}`);
  const stats = new Map<string, TSiemStats>();
  for (const r of result.rows as {
    id: string;
    backlog: number;
    delivered: number;
    dead: number;
    p95: number | null;
    last_delivered: string | Date | null;
  }[])
    stats.set(r.id, {
      backlog: r.backlog,
      delivered: r.delivered,
      deadLettered: r.dead,
      p95LatencyMs: r.p95 === null ? null : Math.round(Number(r.p95)),
      lastDeliveredAt: r.last_delivered ? new Date(r.last_delivered).toISOString() : null,
    });
  return stats;
}

/** Events accepted by the organization's SIEMs in the last 24 hours. */
export async function deliveredLast24h(db: Executor, organizationId: string): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from siem_deliveries
    where organization_id = ${organizationId} and state = 'delivered'
      and delivered_at > now() - interval '24 hours'`);
  return (result.rows[0] as { n: number }).n;
}

export type DeliveryRow = {
  event_id: string;
  event: Record<string, unknown> & { type: string; title: string; severity: string; level: string };
  state: TSiemDeliveryState;
  attempts: number;
  last_error: string | null;
  receipt: Record<string, unknown> | null;
  queued_at: Date | string;
  delivered_at: Date | string | null;
};

/** The delivery log, newest first (dead letters by when they died, the rest by queueing). */
export async function listDeliveries(
  db: Executor,
  organizationId: string,
  integrationId: string,
  query: { state?: TSiemDeliveryState; limit: number },
): Promise<DeliveryRow[]> {
  const result = await db.execute(sql`
    select d.event_id, e.event, d.state, d.attempts, d.last_error, d.receipt, d.queued_at,
           d.delivered_at
      from siem_deliveries d join siem_events e on e.id = d.event_id
     where d.organization_id = ${organizationId} and d.integration_id = ${integrationId}
       ${query.state ? sql`and d.state = ${query.state}` : sql``}
     order by d.seq desc limit ${query.limit}`);
  return result.rows as DeliveryRow[];
}

/** Dead letters back to pending (the listed ones, or all), with their attempts reset. */
export async function replayDeadLetters(
  db: Executor,
  organizationId: string,
  integrationId: string,
  eventIds?: string[],
): Promise<number> {
  const result = await db.execute(sql`
    update siem_deliveries set state = 'pending', attempts = 0, dead_at = null,
      queued_at = now(), last_error = 'replayed after: ' || coalesce(last_error, 'dead letter')
    where organization_id = ${organizationId} and integration_id = ${integrationId}
      and state = 'dead'
      ${eventIds ? sql`and event_id = any(${eventIds}::uuid[])` : sql``}`);
  await db.execute(sql`
    update siem_integrations set retry_at = null, failures = 0
    where organization_id = ${organizationId} and id = ${integrationId}`);
  return result.rowCount ?? 0;
}

/** Delivered events of a time range (by delivery time), oldest first, `limit` at most. */
export async function deliveredInRange(
  db: Executor,
  organizationId: string,
  integrationId: string,
  range: { from: string; to: string },
  afterSeq: number,
  limit: number,
): Promise<(DeliveryRow & { seq: number })[]> {
  const result = await db.execute(sql`
    select d.seq::float8 as seq, d.event_id, e.event, d.state, d.attempts, d.last_error,
           d.receipt, d.queued_at, d.delivered_at
      from siem_deliveries d join siem_events e on e.id = d.event_id
     where d.organization_id = ${organizationId} and d.integration_id = ${integrationId}
       and d.state = 'delivered' and d.delivered_at >= ${range.from}::timestamptz
       and d.delivered_at <= ${range.to}::timestamptz and d.seq > ${afterSeq}
     order by d.seq limit ${limit}`);
  return result.rows as (DeliveryRow & { seq: number })[];
}
