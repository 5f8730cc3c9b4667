import type { TCloudProvider } from '@netguard/contracts';
import { and, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cloudConnections } from '../../db/schema.ts';
import { ruleMatches } from './cloud.mute.ts';

const c = cloudConnections;

export type ConnectionRow = typeof cloudConnections.$inferSelect;

/** Open, unmuted findings of the connection (aliased: a one-table select leaves columns bare). */
const openFindings = sql<number>`(
  select count(*)::int from cloud_findings cf
  join vulnerabilities v on v.id = cf.vulnerability_id
  where cf.connection_id = cloud_connections.id and v.state = 'open'
    and not exists (select 1 from cloud_mute_rules r
      where ${ruleMatches('r', 'cf')} and r.expires_at > now()))`;

export async function listConnections(db: Executor, organizationId: string) {
  return db
    .select({ row: c, vulnerabilities: openFindings })
    .from(c)
    .where(eq(c.organizationId, organizationId))
    .orderBy(desc(c.createdAt));
}

export async function findConnection(db: Executor, organizationId: string, id: string) {
  const [found] = await db
    .select({ row: c, vulnerabilities: openFindings })
    .from(c)
    .where(and(eq(c.organizationId, organizationId), eq(c.id, id)));
  return found ?? null;
}

export async function insertConnection(db: Executor, values: typeof c.$inferInsert) {
  const [row] = await db.insert(c).values(values).returning();
  return row as ConnectionRow;
}

export async function deleteConnection(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .delete(c)
    .where(and(eq(c.organizationId, organizationId), eq(c.id, id)))
    .returning();
  return row ?? null;
}

/**
 * Connections a scan may use, of one provider when given: connected ones and those whose last
 * scan failed (scanning again is how they recover).
 */
export async function scannableConnections(
  db: Executor,
  organizationId: string,
  provider?: TCloudProvider,
) {
  const where: SQL[] = [eq(c.organizationId, organizationId), ne(c.status, 'disconnected')];
  if (provider) where.push(eq(c.provider, provider));
  return db
    .select()
    .from(c)
    .where(and(...where))
    .orderBy(c.createdAt);
}

/** Connection state after a scan or a failed one. */
export async function setConnectionState(
  db: Executor,
  id: string,
  state: { status: ConnectionRow['status']; lastError: string | null; lastScanAt?: Date },
) {
  await db.update(c).set(state).where(eq(c.id, id));
}
