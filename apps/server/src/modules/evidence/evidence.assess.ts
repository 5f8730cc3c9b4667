// Each requirement's status (compliant, partially compliant, non-compliant, not assessed, not
// applicable) and coverage class, derived from the organization's current evidence with the
// reason, through packages/evidence's assessRequirement: missing, stale, partial or tampered
// evidence never gives compliant. One definition for the page, reports, packages and readiness.
import {
  COMPLIANCE_FRAMEWORK_IDS,
  REQUIREMENT_STATUSES,
  type TComplianceFrameworkView,
  type TCoverageClass,
  type TRequirementStatus,
  type TRequirementView,
} from '@netguard/contracts';
import {
  assessRequirement,
  type EvidenceItem,
  type Framework,
  type FrameworkId,
  findFramework,
  type RequirementAssessment,
} from '@netguard/evidence';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { COLLECTORS, type Collector } from './collectors/index.ts';
import { currentItems, toItem } from './evidence.items.ts';

export type RequirementResult = TRequirementView & { assessment: RequirementAssessment };

export type FrameworkAssessment = {
  framework: Framework;
  requirements: RequirementResult[];
  items: EvidenceItem[];
  counts: Record<TRequirementStatus, number>;
  score: number | null;
  lastCollectedAt: string | null;
};

const served = (c: Collector, framework: string, id: string) =>
  c.requirements.some((r) => r.framework === framework && r.id === id);

/**
 * Compliant share (0–100, one decimal) of the requirements that have a verdict (compliant,
 * partially compliant or non-compliant); null when none has one.
 */
export function scoreOf(counts: Record<TRequirementStatus, number>): number | null {
  const judged = counts.compliant + counts.partially_compliant + counts.non_compliant;
  return judged === 0 ? null : Math.round((counts.compliant / judged) * 1000) / 10;
}

/** The organization's evidence as it stands, read once for any number of frameworks. */
export async function loadEvidence(db: Executor, organizationId: string) {
  const rows = await currentItems(db, organizationId);
  const [cloud] = (
    await db.execute(
      sql`select exists (select 1 from cloud_connections where organization_id = ${organizationId}) as has`,
    )
  ).rows as { has: boolean }[];
  return { rows, items: rows.map(toItem), hasCloud: Boolean(cloud?.has) };
}

export function assessFramework(
  evidence: Awaited<ReturnType<typeof loadEvidence>>,
  frameworkId: FrameworkId,
  now: Date,
): FrameworkAssessment {
  const framework = findFramework(frameworkId);
  if (!framework) throw new Error(`unknown framework ${frameworkId}`);
  const prefix = `${frameworkId}:`;
  const byRequirement = new Map<string, EvidenceItem[]>();
  for (const item of evidence.items)
    for (const r of item.requirements)
      if (r.framework === frameworkId)
        byRequirement.set(r.id, [...(byRequirement.get(r.id) ?? []), item]);
  const counts = Object.fromEntries(REQUIREMENT_STATUSES.map((s) => [s, 0])) as Record<
    TRequirementStatus,
    number
  >;
  const requirements = framework.requirements.map((req): RequirementResult => {
    const collectors = COLLECTORS.filter((c) => served(c, frameworkId, req.id));
    // Cloud evidence is expected only from an organization with a cloud connection.
    const expecting = collectors.filter((c) => c.coverage !== 'cloud' || evidence.hasCloud);
    const coverage: TCoverageClass = collectors.some((c) => c.coverage === 'automated')
      ? 'automated'
      : collectors.length
        ? 'cloud'
        : 'manual';
    const items = byRequirement.get(req.id) ?? [];
    const assessment = assessRequirement(items, {
      now,
      expectedTypes: expecting.map((c) => c.type),
    });
    counts[assessment.status] += 1;
    return {
      id: req.id,
      title: req.title,
      description: req.description,
      group: req.group,
      coverage,
      status: assessment.status,
      reason:
        collectors.length === 0 && items.length === 0
          ? `No NetGuard collector covers ${req.id}: upload evidence (a policy, a procedure, a screenshot) for it`
          : assessment.reason,
      missing: assessment.missing,
      evidenceIds: assessment.evidence,
      collectorIds: collectors.map((c) => c.id),
      hipaaImplementation: req.hipaa?.implementation ?? null,
      assessment,
    };
  });
  const mine = evidence.items.filter((i) =>
    i.requirements.some((r) => `${r.framework}:${r.id}`.startsWith(prefix)),
  );
  const last =
    mine
      .map((i) => i.collectedAt)
      .sort()
      .at(-1) ?? null;
  return {
    framework,
    requirements,
    items: mine,
    counts,
    score: scoreOf(counts),
    lastCollectedAt: last,
  };
}

/** The framework card: catalogue facts and the derived figures (requirements optional). */
export function frameworkView(
  a: FrameworkAssessment,
  withRequirements: boolean,
): TComplianceFrameworkView {
  return {
    id: a.framework.id,
    name: a.framework.name,
    version: a.framework.version,
    dataVersion: a.framework.dataVersion,
    description: a.framework.description,
    requirementCount: a.framework.requirements.length,
    statusCounts: a.counts,
    score: a.score,
    lastCollectedAt: a.lastCollectedAt,
    ...(withRequirements
      ? { requirements: a.requirements.map(({ assessment: _, ...view }) => view) }
      : {}),
  };
}

export const ALL_FRAMEWORKS = COMPLIANCE_FRAMEWORK_IDS;
