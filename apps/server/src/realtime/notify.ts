import type { TRealtimeNotification } from '@netguard/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/** The PostgreSQL channel every API process LISTENs on. */
export const REALTIME_PG_CHANNEL = 'netguard_realtime';

/**
 * Announces a changed row (ids only). Inside a transaction PostgreSQL delivers it on commit,
 * so listeners never load a row that is not there yet.
 */
export async function notifyRealtime(db: Executor, n: TRealtimeNotification): Promise<void> {
  const payload = JSON.stringify({
    table: n.table,
    event: n.event,
    id: n.id,
    organization_id: n.organization_id,
  });
  await db.execute(sql`select pg_notify(${REALTIME_PG_CHANNEL}, ${payload})`);
}
