import {
  ACTIVE_EXECUTION_STATUSES,
  FINISHED_EXECUTION_STATUSES,
  ROLLBACK_FROM_STATUSES,
  type TRemediationHistoryQuery,
  type TRemediationPolicy,
  ZRemediationHistoryQuery,
  ZRemediationPolicy,
} from '@netguard/contracts';
import { REMEDIATION_ACTIONS } from '@netguard/remediation';
import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  remediationExecutions,
  remediationHosts,
  remediationPolicies,
  users,
  vulnerabilities,
} from '../../db/schema.ts';

const x = remediationExecutions;
export type ExecutionRow = typeof x.$inferSelect;
export type HostRow = typeof remediationHosts.$inferSelect;

export async function findExecution(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(x)
    .where(and(eq(x.organizationId, organizationId), eq(x.id, id)));
  return row ?? null;
}

/** For the runner: by id alone (the job carries it; the row carries its organization). */
export async function executionById(db: Executor, id: string) {
  const [row] = await db.select().from(x).where(eq(x.id, id));
  return row ?? null;
}

/** Marks a rollback to run once the host is free (see the runner). */
export async function requestRollback(db: Executor, row: ExecutionRow, userId: string) {
  const [updated] = await db
    .update(x)
    .set({ rollbackRequestedAt: new Date(), rollbackRequestedBy: userId, updatedAt: new Date() })
    .where(and(eq(x.id, row.id), inArray(x.status, [...ROLLBACK_FROM_STATUSES])))
    .returning();
  return updated ?? null;
}

export async function insertExecution(db: Executor, values: typeof x.$inferInsert) {
  const [row] = await db.insert(x).values(values).returning();
  return row as ExecutionRow;
}

/** History: newest first, with the filters; the titles of their vulnerabilities beside them. */
export async function listExecutions(
  db: Executor,
  organizationId: string,
  query: TRemediationHistoryQuery,
) {
  const q = ZRemediationHistoryQuery.parse(query);
  const where = and(
    eq(x.organizationId, organizationId),
    q.status === 'all' ? undefined : eq(x.status, q.status),
    q.actionId ? eq(x.actionId, q.actionId) : undefined,
    q.target ? ilike(x.target, `%${q.target.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
    q.vulnerabilityId ? eq(x.vulnerabilityId, q.vulnerabilityId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: x, title: vulnerabilities.title })
      .from(x)
      .leftJoin(vulnerabilities, eq(vulnerabilities.id, x.vulnerabilityId))
      .where(where)
      .orderBy(desc(x.createdAt))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(x).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Executions a job works on or that wait for approval, newest first. */
export async function activeExecutions(db: Executor, organizationId: string) {
  return db
    .select({ row: x, title: vulnerabilities.title })
    .from(x)
    .leftJoin(vulnerabilities, eq(vulnerabilities.id, x.vulnerabilityId))
    .where(
      and(
        eq(x.organizationId, organizationId),
        inArray(x.status, ['proposed', ...ACTIVE_EXECUTION_STATUSES]),
      ),
    )
    .orderBy(desc(x.createdAt))
    .limit(200);
}

const AUTOMATED = REMEDIATION_ACTIONS.filter((a) => a.automationLevel !== 'manual_guided');
const minutesCase = sql.join(
  [
    sql`case`,
    ...AUTOMATED.map((a) => sql`when ${x.actionId} = ${a.id} then ${a.estimatedMinutes}`),
    sql`else 0 end`,
  ],
  sql` `,
);
const FULLY = REMEDIATION_ACTIONS.filter((a) => a.automationLevel === 'fully_automated').map(
  (a) => a.id,
);

/** The summary cards' figures, from the organization's executions. */
export async function executionSummary(db: Executor, organizationId: string) {
  const finished = FINISHED_EXECUTION_STATUSES.map((s) => sql`${s}`);
  const active = ['proposed', ...ACTIVE_EXECUTION_STATUSES].map((s) => sql`${s}`);
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where ${x.status}::text in (${sql.join(active, sql`, `)}) and not ${x.dryRunOnly})::int`,
      finished: sql<number>`count(*) filter (where ${x.status}::text in (${sql.join(finished, sql`, `)}))::int`,
      // Verified once: a fix a person rolled back afterwards still worked.
      succeeded: sql<number>`count(*) filter (where (${x.verification}->>'fixed')::boolean)::int`,
      verified: sql<number>`count(*) filter (where ${x.status} = 'verified')::int`,
      timeSaved: sql<number>`coalesce(sum(${minutesCase}) filter (where ${x.status} = 'verified'), 0)::int`,
      autoFixed: FULLY.length
        ? sql<number>`count(*) filter (where ${x.status} = 'verified' and ${x.actionId} in (${sql.join(
            FULLY.map((id) => sql`${id}`),
            sql`, `,
          )}))::int`
        : sql<number>`0`,
    })
    .from(x)
    .where(eq(x.organizationId, organizationId));
  return row ?? { active: 0, finished: 0, succeeded: 0, verified: 0, timeSaved: 0, autoFixed: 0 };
}

/** E-mails of the users the executions name. */
export async function emailsOf(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.email]));
}

export async function readPolicy(
  db: Executor,
  organizationId: string,
): Promise<TRemediationPolicy> {
  const [row] = await db
    .select()
    .from(remediationPolicies)
    .where(eq(remediationPolicies.organizationId, organizationId));
  return row
    ? {
        analystsMayApprove: row.analystsMayApprove,
        allowAutoApprove: row.allowAutoApprove,
        maxHostsPerRun: row.maxHostsPerRun,
        onFailedVerification: row.onFailedVerification,
        fourEyes: row.fourEyes,
      }
    : ZRemediationPolicy.parse({});
}

export async function writePolicy(
  db: Executor,
  organizationId: string,
  policy: TRemediationPolicy,
) {
  await db
    .insert(remediationPolicies)
    .values({ organizationId, ...policy })
    .onConflictDoUpdate({
      target: remediationPolicies.organizationId,
      set: { ...policy, updatedAt: new Date() },
    });
}

export async function findVulnerability(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(vulnerabilities)
    .where(and(eq(vulnerabilities.organizationId, organizationId), eq(vulnerabilities.id, id)));
  return row ?? null;
}

export type VulnerabilityRow = NonNullable<Awaited<ReturnType<typeof findVulnerability>>>;

export async function hostByAddress(db: Executor, organizationId: string, address: string) {
  const [row] = await db
    .select()
    .from(remediationHosts)
    .where(
      and(
        eq(remediationHosts.organizationId, organizationId),
        eq(remediationHosts.address, address),
      ),
    );
  return row ?? null;
}

export async function hostById(db: Executor, id: string) {
  const [row] = await db.select().from(remediationHosts).where(eq(remediationHosts.id, id));
  return row ?? null;
}
