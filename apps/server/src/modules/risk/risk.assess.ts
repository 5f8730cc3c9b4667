import { SSVC_OUTCOME_LABELS, type TRiskAssessment } from '@netguard/contracts';
import { assess } from '@netguard/risk';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  riskSnapshots,
  vulnerabilities,
  vulnerabilityAssessments,
  vulnerabilityEvents,
} from '../../db/schema.ts';
import { gatherInputs, openVulnerabilities } from './risk.inputs.ts';

const BATCH = 500;

type Previous = {
  coordinator: string | null;
  deployer: string | null;
  assessment: TRiskAssessment;
};

const label = (o: string | null) =>
  o ? (SSVC_OUTCOME_LABELS[o as keyof typeof SSVC_OUTCOME_LABELS] ?? o) : 'undecided';

/** "SSVC Attend -> Act; urgency urgent -> immediate", or null when the priority did not change. */
export function priorityChange(
  before: Previous | undefined,
  after: TRiskAssessment,
): string | null {
  if (!before) return null;
  const parts: string[] = [];
  if (before.coordinator !== after.ssvc.coordinator)
    parts.push(`SSVC coordinator ${label(before.coordinator)} -> ${label(after.ssvc.coordinator)}`);
  if (before.deployer !== after.ssvc.deployer)
    parts.push(`SSVC deployer ${label(before.deployer)} -> ${label(after.ssvc.deployer)}`);
  if (before.assessment.mitigationUrgency !== after.mitigationUrgency)
    parts.push(`urgency ${before.assessment.mitigationUrgency} -> ${after.mitigationUrgency}`);
  if (!parts.length) return null;
  const causes = changedInputs(before.assessment, after);
  return `${causes.length ? `${causes.join(', ')}: ` : ''}${parts.join('; ')}`;
}

/** Which inputs differ between two assessments, in words ("KEV entry added on 2024-07-10"). */
function changedInputs(before: TRiskAssessment, after: TRiskAssessment): string[] {
  const out: string[] = [];
  if (!before.kev && after.kev)
    out.push(`KEV entry added on ${after.kev.date_added ?? 'an unknown date'}`);
  if (before.kev && !after.kev) out.push('KEV entry removed');
  if (before.epss?.score !== after.epss?.score)
    out.push(`EPSS ${before.epss?.score ?? 'none'} -> ${after.epss?.score ?? 'none'}`);
  const value = (a: TRiskAssessment, name: string) => a.inputs.find((i) => i.name === name)?.value;
  for (const name of ['SSVC (Vulnrichment)', 'Detection', 'Asset context', 'Exposure'])
    if (value(before, name) !== value(after, name))
      out.push(`${name} ${value(before, name) ?? 'none'} -> ${value(after, name) ?? 'none'}`);
  return out;
}

/**
 * Assesses the organization's open vulnerabilities (all, or the listed ones) with packages/risk,
 * stores each assessment and records a vulnerability event when one is first assessed or its
 * priority (SSVC outcome or urgency) changes. Returns how many were assessed.
 */
export async function assessVulnerabilities(
  db: Executor,
  { organizationId, vulnerabilityIds }: { organizationId: string; vulnerabilityIds?: string[] },
): Promise<number> {
  const rows = await openVulnerabilities(db, organizationId, vulnerabilityIds);
  const now = new Date();
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const inputs = await gatherInputs(db, organizationId, batch, now);
    const previous = new Map<string, Previous>(
      (
        await db
          .select({
            id: vulnerabilityAssessments.vulnerabilityId,
            coordinator: vulnerabilityAssessments.coordinator,
            deployer: vulnerabilityAssessments.deployer,
            assessment: vulnerabilityAssessments.assessment,
          })
          .from(vulnerabilityAssessments)
          .where(
            inArray(
              vulnerabilityAssessments.vulnerabilityId,
              batch.map((r) => r.id),
            ),
          )
      ).map((r) => [r.id, r]),
    );
    await db.transaction(async (tx) => {
      for (const input of inputs) {
        const assessment = assess(input);
        const before = previous.get(assessment.vulnerability_id);
        await upsertAssessment(tx, organizationId, { ...assessment, narrative: null });
        const change = priorityChange(before, assessment);
        if (before && !change) continue;
        await tx.insert(vulnerabilityEvents).values({
          vulnerabilityId: assessment.vulnerability_id,
          organizationId,
          kind: before ? 'priority_changed' : 'assessed',
          summary:
            change ??
            `Assessed: score ${assessment.riskScore}, SSVC ${label(assessment.ssvc.coordinator)} / ${label(assessment.ssvc.deployer)}`,
          details: {
            riskScore: assessment.riskScore,
            coordinator: assessment.ssvc.coordinator,
            deployer: assessment.ssvc.deployer,
            urgency: assessment.mitigationUrgency,
            ...(before ? { previousRiskScore: before.assessment.riskScore } : {}),
          },
        });
      }
    });
  }
  return rows.length;
}

function upsertAssessment(db: Executor, organizationId: string, a: TRiskAssessment) {
  const values = {
    organizationId,
    riskScore: a.riskScore,
    riskLevel: a.riskLevel,
    confidence: a.confidence,
    coordinator: a.ssvc.coordinator,
    deployer: a.ssvc.deployer,
    assessment: a,
    computedAt: new Date(a.computed_at),
  };
  return db
    .insert(vulnerabilityAssessments)
    .values({ vulnerabilityId: a.vulnerability_id, ...values })
    .onConflictDoUpdate({ target: vulnerabilityAssessments.vulnerabilityId, set: values });
}

/** Records the organization's summed risk of its open assessed vulnerabilities now. */
export async function takeRiskSnapshot(db: Executor, organizationId: string): Promise<void> {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${vulnerabilityAssessments.riskScore}), 0)`.mapWith(Number),
      open: sql<number>`count(*)`.mapWith(Number),
    })
    .from(vulnerabilityAssessments)
    .innerJoin(vulnerabilities, eq(vulnerabilities.id, vulnerabilityAssessments.vulnerabilityId))
    .where(
      and(
        eq(vulnerabilityAssessments.organizationId, organizationId),
        eq(vulnerabilities.state, 'open'),
      ),
    );
  await db.insert(riskSnapshots).values({
    organizationId,
    totalRisk: Math.round((row?.total ?? 0) * 10) / 10,
    openVulnerabilities: row?.open ?? 0,
  });
}

/** Assesses and snapshots the organization, e.g. when a scan completes. */
export async function refreshRisk(db: Executor, organizationId: string): Promise<void> {
  await assessVulnerabilities(db, { organizationId });
  await takeRiskSnapshot(db, organizationId);
}

/** After a feed import: every organization with open vulnerabilities is assessed again. */
export async function reassessAllOrganizations(db: Executor): Promise<number> {
  const rows = await db
    .selectDistinct({ id: vulnerabilities.organizationId })
    .from(vulnerabilities)
    .where(eq(vulnerabilities.state, 'open'));
  for (const { id } of rows) await refreshRisk(db, id);
  return rows.length;
}

/**
 * Snapshots every organization with assessments whose newest snapshot is older than an hour (or
 * missing), for the Trend Analysis between scans. One worker at a time (advisory lock).
 */
export async function takeDueRiskSnapshots(db: Executor): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = await tx
      .execute<{ ok: boolean }>(
        sql`select pg_try_advisory_xact_lock(hashtext('netguard.risk_snapshots')) as ok`,
      )
      .then((r) => r.rows);
    if (!lock?.ok) return 0;
    const recent = tx
      .select({ org: riskSnapshots.organizationId })
      .from(riskSnapshots)
      .where(gte(riskSnapshots.takenAt, sql`now() - interval '1 hour'`));
    const due = await tx
      .selectDistinct({ org: vulnerabilityAssessments.organizationId })
      .from(vulnerabilityAssessments)
      .where(sql`${vulnerabilityAssessments.organizationId} not in (${recent})`);
    for (const { org } of due) await takeRiskSnapshot(tx, org);
    return due.length;
  });
}
