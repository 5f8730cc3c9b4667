import { RISK_RANGE_HOURS, type TRiskRange } from '@netguard/contracts';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  assetContexts,
  epssScores,
  riskSnapshots,
  vulnerabilities,
  vulnerabilityAssessments,
} from '../../db/schema.ts';

const a = vulnerabilityAssessments;
const v = vulnerabilities;
const HOUR_MS = 3_600_000;

/** The start of the range ending at `now`. */
export const rangeStart = (range: TRiskRange, now: Date) =>
  new Date(now.getTime() - RISK_RANGE_HOURS[range] * HOUR_MS);

const columns = {
  assessment: a.assessment,
  title: v.title,
  host: v.host,
  port: v.port,
  cveId: v.cveId,
  dueAt: v.dueAt,
};
export type AssessedRow = {
  assessment: typeof a.$inferSelect.assessment;
  title: string;
  host: string;
  port: number | null;
  cveId: string | null;
  dueAt: Date | null;
};

/** Open vulnerabilities of the organization that a scan saw in the range, with their assessment. */
export function assessedInRange(
  db: Executor,
  organizationId: string,
  since: Date,
): Promise<AssessedRow[]> {
  return db
    .select(columns)
    .from(a)
    .innerJoin(v, eq(v.id, a.vulnerabilityId))
    .where(and(eq(a.organizationId, organizationId), eq(v.state, 'open'), gte(v.lastSeenAt, since)))
    .orderBy(desc(a.riskScore), asc(v.id));
}

export async function assessmentOf(db: Executor, organizationId: string, vulnerabilityId: string) {
  const [row] = await db
    .select(columns)
    .from(a)
    .innerJoin(v, eq(v.id, a.vulnerabilityId))
    .where(and(eq(a.organizationId, organizationId), eq(a.vulnerabilityId, vulnerabilityId)));
  return row;
}

export async function saveNarrative(
  db: Executor,
  organizationId: string,
  assessment: typeof a.$inferSelect.assessment,
) {
  await db
    .update(a)
    .set({ assessment })
    .where(
      and(eq(a.organizationId, organizationId), eq(a.vulnerabilityId, assessment.vulnerability_id)),
    );
}

const DEPLOYER_RANK = sql`case ${a.deployer} when 'immediate' then 0 when 'out_of_cycle' then 1 when 'scheduled' then 2 when 'defer' then 3 else 4 end`;
const COORDINATOR_RANK = sql`case ${a.coordinator} when 'act' then 0 when 'attend' then 1 when 'track_star' then 2 when 'track' then 3 else 4 end`;

/** The open assessed vulnerabilities, most pressing first: deployer, coordinator, then score. */
export function priorityQueue(
  db: Executor,
  organizationId: string,
  limit: number,
): Promise<AssessedRow[]> {
  return db
    .select(columns)
    .from(a)
    .innerJoin(v, eq(v.id, a.vulnerabilityId))
    .where(and(eq(a.organizationId, organizationId), eq(v.state, 'open')))
    .orderBy(DEPLOYER_RANK, COORDINATOR_RANK, desc(a.riskScore), asc(v.id))
    .limit(limit);
}

export function contextsOf(db: Executor, organizationId: string) {
  return db.select().from(assetContexts).where(eq(assetContexts.organizationId, organizationId));
}

/** Snapshots taken in [from, to), oldest first. */
export function snapshotsBetween(db: Executor, organizationId: string, from: Date, to: Date) {
  return db
    .select({
      at: riskSnapshots.takenAt,
      total: riskSnapshots.totalRisk,
      open: riskSnapshots.openVulnerabilities,
    })
    .from(riskSnapshots)
    .where(
      and(
        eq(riskSnapshots.organizationId, organizationId),
        gte(riskSnapshots.takenAt, from),
        lt(riskSnapshots.takenAt, to),
      ),
    )
    .orderBy(asc(riskSnapshots.takenAt));
}

/** EPSS rows of the CVEs scored on or after the day `since` falls on, oldest first. */
export function epssSince(db: Executor, cves: string[], since: Date) {
  if (!cves.length) return Promise.resolve([]);
  return db
    .select({ cveId: epssScores.cveId, date: epssScores.scoreDate, score: epssScores.score })
    .from(epssScores)
    .where(
      and(
        inArray(epssScores.cveId, cves),
        gte(epssScores.scoreDate, since.toISOString().slice(0, 10)),
      ),
    )
    .orderBy(asc(epssScores.scoreDate));
}
