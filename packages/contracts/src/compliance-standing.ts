// The compliance figures shown outside the Compliance Evidence page (the Enterprise Security
// Center's Compliance Score and tab, the dashboard's Policy Compliance and Compliance Status, the
// Compliance report): the evidence module's framework statuses, read as they are, never a second
// formula. A framework nothing was assessed in reads "Not assessed", never a number.
import { z } from 'zod';
import { type TComplianceFrameworkView, ZComplianceFrameworkView } from './evidence-views.ts';

export const COMPLIANCE_STANDING_TEXT = {
  /** What a framework's score is (evidence.assess.ts scoreOf), in every report and page. */
  scoreDefinition:
    'compliant requirements as a share of those with a verdict (compliant, partially compliant, non-compliant)',
  notAssessed: 'Not assessed',
  /** The plan lacks compliance evidence (PLAN_FEATURES.compliance_evidence, Enterprise). */
  enterpriseOnly: 'Available on Enterprise',
  enterpriseOnlyDetail:
    'Compliance statuses come from compliance evidence collection, available on Enterprise.',
  collectHint: 'Collect evidence on the Compliance Evidence page',
  page: '/dashboard/compliance-evidence',
} as const;

export const ZComplianceStanding = z.object({
  /** False when the plan lacks compliance evidence: no framework and no score then. */
  available: z.boolean(),
  /** Every framework with its requirement status counts and score (evidence.assess.ts). */
  frameworks: z.array(ZComplianceFrameworkView),
  /** The mean of the assessed frameworks' scores; null when none was assessed. */
  overallScore: z.number().nullable(),
});
export type TComplianceStanding = z.infer<typeof ZComplianceStanding>;

type Counted = Pick<TComplianceFrameworkView, 'statusCounts'>;

/** Requirements with a verdict: compliant, partially compliant or non-compliant. */
export function assessedCount({ statusCounts: c }: Counted): number {
  return c.compliant + c.partially_compliant + c.non_compliant;
}

/** What a framework's figure is, e.g. "3 of 4 assessed requirements compliant (of 61)". */
export function frameworkFigureText(
  f: Pick<TComplianceFrameworkView, 'statusCounts' | 'requirementCount'>,
) {
  const assessed = assessedCount(f);
  if (assessed === 0)
    return `${COMPLIANCE_STANDING_TEXT.notAssessed}: none of its ${f.requirementCount} requirements has evidence yet`;
  return `${f.statusCounts.compliant} of ${assessed} assessed requirements compliant (${f.requirementCount} in all, ${f.statusCounts.not_assessed} not assessed)`;
}

/** What the overall score is, e.g. "The mean of the scores of 2 assessed frameworks (…)". */
export function overallFigureText(s: TComplianceStanding) {
  if (!s.available) return COMPLIANCE_STANDING_TEXT.enterpriseOnlyDetail;
  const assessed = s.frameworks.filter((f) => f.score !== null);
  if (assessed.length === 0)
    return `${COMPLIANCE_STANDING_TEXT.notAssessed}: no requirement of ${s.frameworks.length} frameworks has evidence yet`;
  return `The mean of the scores of ${assessed.length} assessed framework${assessed.length === 1 ? '' : 's'} (${assessed.map((f) => f.name).join(', ')}); each score is ${COMPLIANCE_STANDING_TEXT.scoreDefinition}`;
}

/** The mean (one decimal) of the assessed frameworks' scores; null when none was assessed. */
export function overallScoreOf(frameworks: readonly Pick<TComplianceFrameworkView, 'score'>[]) {
  const scored = frameworks.flatMap((f) => (f.score === null ? [] : [f.score]));
  return scored.length
    ? Math.round((scored.reduce((a, b) => a + b, 0) / scored.length) * 10) / 10
    : null;
}

/** One line for a summary: each framework's score or "not assessed", or the plan's note. */
export function standingLine(s: TComplianceStanding) {
  if (!s.available) return COMPLIANCE_STANDING_TEXT.enterpriseOnly;
  return s.frameworks
    .map((f) => `${f.name} ${f.score === null ? 'not assessed' : `${f.score}%`}`)
    .join(', ');
}
