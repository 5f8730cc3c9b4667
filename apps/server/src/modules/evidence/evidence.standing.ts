// The framework statuses every other compliance figure reads (the Enterprise Security Center,
// the dashboard, the Compliance report): evidence.assess.ts's frameworks and the overall score,
// the same figures as get-compliance-dashboard. A plan without compliance evidence (Enterprise)
// gets no figure, never one from another formula.
import {
  COMPLIANCE_FRAMEWORK_IDS,
  overallScoreOf,
  type TComplianceFrameworkId,
  type TComplianceStanding,
} from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { assessFramework, frameworkView, loadEvidence } from './evidence.assess.ts';

type Evidence = Awaited<ReturnType<typeof loadEvidence>>;

/** The frameworks' cards (no requirements) and their overall score, from evidence read once. */
export function standingOf(
  evidence: Evidence,
  frameworkIds: readonly TComplianceFrameworkId[],
  now: Date,
) {
  const frameworks = frameworkIds.map((id) =>
    frameworkView(assessFramework(evidence, id, now), false),
  );
  return { frameworks, overallScore: overallScoreOf(frameworks) };
}

/** The organization's compliance standing over every framework; none on a plan without it. */
export async function complianceStanding(
  db: Executor,
  organizationId: string,
  available: boolean,
  now = new Date(),
): Promise<TComplianceStanding> {
  if (!available) return { available: false, frameworks: [], overallScore: null };
  const evidence = await loadEvidence(db, organizationId);
  return { available: true, ...standingOf(evidence, COMPLIANCE_FRAMEWORK_IDS, now) };
}
