import type { TSecurityEventsQuery } from '@netguard/contracts';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { securityAssessments, securityEvents, users } from '../../db/schema.ts';

const DAY_MS = 86_400_000;
export const since = (days: number) => new Date(Date.now() - days * DAY_MS);

/** Security events of the organization since `from`: all, and the critical ones. */
export async function countEvents(db: Executor, organizationId: string, from: Date) {
  const [row] = await db
    .select({
      total: count(),
      critical: sql<number>`count(*) filter (where ${securityEvents.severity} = 'critical')::int`,
    })
    .from(securityEvents)
    .where(
      and(eq(securityEvents.organizationId, organizationId), gte(securityEvents.createdAt, from)),
    );
  return { total: row?.total ?? 0, critical: row?.critical ?? 0 };
}

const eventFilter = (organizationId: string, query: Partial<TSecurityEventsQuery>, from?: Date) =>
  and(
    eq(securityEvents.organizationId, organizationId),
    query.type && query.type !== 'all' ? eq(securityEvents.eventType, query.type) : undefined,
    query.severity && query.severity !== 'all'
      ? eq(securityEvents.severity, query.severity)
      : undefined,
    from ? gte(securityEvents.createdAt, from) : undefined,
    query.grants === 'hide'
      ? sql`not (${securityEvents.eventType} = 'data_access' and coalesce(${securityEvents.metadata}->>'granted', '') = 'true')`
      : undefined,
  );

const eventColumns = {
  id: securityEvents.id,
  eventType: securityEvents.eventType,
  severity: securityEvents.severity,
  description: securityEvents.description,
  ipAddress: securityEvents.ipAddress,
  createdAt: securityEvents.createdAt,
  userEmail: users.email,
};

/** A page of the organization's events (since `from`, else the query's window), newest first, and how many match. */
export async function listEvents(
  db: Executor,
  organizationId: string,
  query: TSecurityEventsQuery,
  from?: Date,
) {
  const where = eventFilter(
    organizationId,
    query,
    from ?? (query.window === '24h' ? since(1) : undefined),
  );
  const items = await db
    .select(eventColumns)
    .from(securityEvents)
    .leftJoin(users, eq(users.id, securityEvents.userId))
    .where(where)
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.seq))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(securityEvents).where(where);
  return { items, total: total?.n ?? 0 };
}

export type EventRow = Awaited<ReturnType<typeof listEvents>>['items'][number];

export async function findEvent(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .select(eventColumns)
    .from(securityEvents)
    .leftJoin(users, eq(users.id, securityEvents.userId))
    .where(and(eq(securityEvents.id, id), eq(securityEvents.organizationId, organizationId)));
  return row;
}

/** An incident as the incidents module stores it (security_incidents, another module's table). */
export type IncidentRow = {
  id: string;
  title: string;
  severity: string;
  status: string;
  created_at: Date;
};

/** Statuses of an incident that is over; any other counts as open. */
const CLOSED_INCIDENT = ['resolved', 'closed', 'dismissed', 'false_positive'];

const incidentsTableExists = async (db: Executor) => {
  const result = await db.execute<{ t: string | null }>(
    sql`select to_regclass('security_incidents')::text as t`,
  );
  return Boolean(result.rows[0]?.t);
};

/**
 * The organization's incidents created since `from` (newest first, at most `limit`) and the count
 * of open critical ones. Read with SQL because the incidents module owns the table; nothing when
 * that module is not installed.
 */
export async function readIncidents(db: Executor, organizationId: string, from: Date, limit = 50) {
  if (!(await incidentsTableExists(db))) return { items: [], openCritical: 0 };
  const closed = sql.join(
    CLOSED_INCIDENT.map((s) => sql`${s}`),
    sql`, `,
  );
  const items = await db.execute<IncidentRow>(
    sql`select id, title, severity::text as severity, status::text as status, created_at
          from security_incidents where organization_id = ${organizationId}
          and created_at >= ${from.toISOString()} order by created_at desc limit ${limit}`,
  );
  const open = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from security_incidents
        where organization_id = ${organizationId} and severity::text = 'critical'
        and status::text not in (${closed})`,
  );
  return {
    items: items.rows.map((r) => ({ ...r, created_at: new Date(r.created_at) })),
    openCritical: open.rows[0]?.n ?? 0,
  };
}

export async function findAssessment(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ assessment: securityAssessments, ranByEmail: users.email })
    .from(securityAssessments)
    .leftJoin(users, eq(users.id, securityAssessments.ranBy))
    .where(eq(securityAssessments.organizationId, organizationId));
  return row;
}

export async function saveAssessment(
  db: Executor,
  values: typeof securityAssessments.$inferInsert,
) {
  await db
    .insert(securityAssessments)
    .values(values)
    .onConflictDoUpdate({
      target: securityAssessments.organizationId,
      set: {
        id: sql`gen_random_uuid()`,
        ranBy: values.ranBy,
        ranAt: values.ranAt,
        riskLevel: values.riskLevel,
        issues: values.issues,
      },
    });
}

/** The organization's events since `from`, counted per type and severity. */
export function countEventsByKind(db: Executor, organizationId: string, from: Date) {
  return db
    .select({ type: securityEvents.eventType, severity: securityEvents.severity, n: count() })
    .from(securityEvents)
    .where(eventFilter(organizationId, {}, from))
    .groupBy(securityEvents.eventType, securityEvents.severity);
}
