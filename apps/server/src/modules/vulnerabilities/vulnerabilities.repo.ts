import type { TVulnerabilityFilters } from '@netguard/contracts';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  threatMitigationActions,
  vulnerabilities,
  vulnerabilityAssessments,
  vulnerabilityEvents,
} from '../../db/schema.ts';
import { ilikeContains } from '../../lib/sql-text.ts';
import { ruleMatches } from '../cloud/cloud.mute.ts';

const v = vulnerabilities;
const a = threatMitigationActions;

/**
 * Mitigated (spec): any of its actions is completed. Written with qualified names: in a select
 * list drizzle leaves columns unqualified, and a bare "id" would resolve inside the subquery.
 */
// Uncorrelated, so PostgreSQL hashes the completed actions once per query (a hashed SubPlan)
// instead of probing them once per vulnerability: 100,000 findings count in milliseconds.
export const mitigatedSql = sql<boolean>`"vulnerabilities"."id" in (select ma.vulnerability_id from threat_mitigation_actions ma where ma.status = 'completed' and ma.vulnerability_id is not null)`;
/** Open, not mitigated, and past its due date. */
export const overdueSql = sql<boolean>`("vulnerabilities"."state" = 'open' and coalesce("vulnerabilities"."due_at" < now(), false) and not ${mitigatedSql})`;

/** A cloud finding that an unexpired mute rule of its organization matches. */
export const mutedSql = sql<boolean>`"vulnerabilities"."id" in (select cf.vulnerability_id from cloud_findings cf where exists (select 1 from cloud_mute_rules r where ${ruleMatches('r', 'cf')} and r.expires_at > now()))`;

const MUTED: Record<TVulnerabilityFilters['muted'], SQL | undefined> = {
  unmuted: sql`not ${mutedSql}`,
  muted: mutedSql,
  all: undefined,
};

/** The finding's own risk score, else its assessed one (a cloud finding has none of its own). */
const RISK = sql`coalesce(${v.riskScore}, ${vulnerabilityAssessments.riskScore})`;

const SEVERITY_RANK = sql`case ${v.severity} when 'critical' then 0 when 'high' then 1 when 'medium' then 2 when 'low' then 3 else 4 end`;

const ORDER: Record<TVulnerabilityFilters['sort'], SQL[]> = {
  newest: [desc(v.createdAt), desc(v.id)],
  risk: [sql`${RISK} desc nulls last`, desc(v.createdAt), desc(v.id)],
  severity: [asc(SEVERITY_RANK), sql`${RISK} desc nulls last`, desc(v.id)],
  due: [sql`${v.dueAt} asc nulls last`, asc(SEVERITY_RANK), desc(v.id)],
  last_seen: [desc(v.lastSeenAt), desc(v.id)],
};

export function filterWhere(organizationId: string, f: TVulnerabilityFilters): SQL | undefined {
  const search = f.search
    ? sql`(${v.title} ilike ${ilikeContains(f.search)} or ${v.host} ilike ${ilikeContains(f.search)}
        or ${v.vulnerabilityType} ilike ${ilikeContains(f.search)} or ${v.cveId} ilike ${ilikeContains(f.search)})`
    : undefined;
  return and(
    eq(v.organizationId, organizationId),
    search,
    f.severity === 'all' ? undefined : eq(v.severity, f.severity),
    f.status === 'all'
      ? undefined
      : f.status === 'mitigated'
        ? mitigatedSql
        : sql`not ${mitigatedSql}`,
    f.state === 'all' ? undefined : eq(v.state, f.state),
    f.overdue ? overdueSql : undefined,
    MUTED[f.muted],
  );
}

export type VulnerabilityRow = typeof v.$inferSelect & {
  assessedRisk: number | null;
  mitigated: boolean;
  overdue: boolean;
  muted: boolean;
};

/** One page of the organization's vulnerabilities matching the filters. */
export async function listVulnerabilities(
  db: Executor,
  organizationId: string,
  filters: TVulnerabilityFilters,
  page: { limit: number; offset: number },
): Promise<VulnerabilityRow[]> {
  const rows = await db
    .select({
      row: v,
      assessedRisk: vulnerabilityAssessments.riskScore,
      mitigated: mitigatedSql,
      overdue: overdueSql,
      muted: mutedSql,
    })
    .from(v)
    .leftJoin(vulnerabilityAssessments, eq(vulnerabilityAssessments.vulnerabilityId, v.id))
    .where(filterWhere(organizationId, filters))
    .orderBy(...ORDER[filters.sort])
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => ({
    ...r.row,
    assessedRisk: r.assessedRisk,
    mitigated: r.mitigated,
    overdue: r.overdue,
    muted: r.muted,
  }));
}

export async function countVulnerabilities(
  db: Executor,
  organizationId: string,
  filters: TVulnerabilityFilters,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(v)
    .where(filterWhere(organizationId, filters));
  return row?.n ?? 0;
}

/** The summary cards: every vulnerability of the organization but the muted cloud findings. */
export async function summarize(db: Executor, organizationId: string) {
  const n = (where: SQL) => sql<number>`count(*) filter (where ${where})::int`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      critical: n(sql`${v.severity} = 'critical'`),
      high: n(sql`${v.severity} = 'high'`),
      mitigated: n(mitigatedSql),
      overdue: n(overdueSql),
    })
    .from(v)
    .where(and(eq(v.organizationId, organizationId), sql`not ${mutedSql}`));
  return row ?? { total: 0, critical: 0, high: 0, mitigated: 0, overdue: 0 };
}

/** Actions of the given vulnerabilities, oldest first. */
export async function actionsOf(db: Executor, vulnerabilityIds: string[]) {
  if (!vulnerabilityIds.length) return [];
  return db
    .select()
    .from(a)
    .where(inArray(a.vulnerabilityId, vulnerabilityIds))
    .orderBy(asc(a.createdAt), asc(a.id));
}

/**
 * Sets an action's status when it belongs to the organization, returning it and the status it
 * had (`was`); null otherwise. Call in a transaction: the row is locked from read to update.
 */
export async function updateActionStatus(
  db: Executor,
  organizationId: string,
  actionId: string,
  status: (typeof a.$inferSelect)['status'],
) {
  const owned = and(eq(a.id, actionId), eq(a.organizationId, organizationId));
  const [before] = await db.select({ status: a.status }).from(a).where(owned).for('update');
  if (!before) return null;
  const [row] = await db.update(a).set({ status, updatedAt: new Date() }).where(owned).returning();
  return row ? { action: row, was: before.status } : null;
}

/** One vulnerability of the organization, or null. */
export async function findVulnerability(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(v)
    .where(and(eq(v.id, id), eq(v.organizationId, organizationId)));
  return row ?? null;
}

/** The history of a vulnerability of the organization, newest first; null when it has none such. */
export async function eventsOf(db: Executor, organizationId: string, id: string) {
  const [owned] = await db
    .select({ id: v.id })
    .from(v)
    .where(and(eq(v.id, id), eq(v.organizationId, organizationId)));
  if (!owned) return null;
  return db
    .select()
    .from(vulnerabilityEvents)
    .where(eq(vulnerabilityEvents.vulnerabilityId, id))
    .orderBy(desc(vulnerabilityEvents.createdAt));
}
