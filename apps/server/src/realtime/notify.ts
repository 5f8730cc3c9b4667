import type { TRealtimeNotification } from '@netguard/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { currentTrace } from '../lib/request-id.ts';

/** The PostgreSQL channel every API process LISTENs on. */
export const REALTIME_PG_CHANNEL = 'netguard_realtime';

/**
 * Announces a changed row (ids only, and the request id of the work that changed it). Inside a
 * transaction PostgreSQL delivers it on commit, so listeners never load a row that is not there
 * yet. Logged under the running request's (or job's) id.
 */
export async function notifyRealtime(db: Executor, n: TRealtimeNotification): Promise<void> {
  const trace = currentTrace();
  const requestId = n.request_id ?? trace?.requestId;
  const payload = JSON.stringify({
    table: n.table,
    event: n.event,
    id: n.id,
    organization_id: n.organization_id,
    ...(requestId ? { request_id: requestId } : {}),
  });
  await db.execute(sql`select pg_notify(${REALTIME_PG_CHANNEL}, ${payload})`);
  trace?.log.info(
    { component: 'realtime', realtime: { table: n.table, event: n.event, id: n.id } },
    'realtime message published',
  );
}
