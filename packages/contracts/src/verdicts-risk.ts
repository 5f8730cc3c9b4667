import { REPORT_RULES as R, type RISK_LEVELS } from './reports.ts';
import type { TRiskLevel } from './security-center.ts';
import type { TVerdict, TVerdictInput } from './verdict.ts';

/**
 * An open finding with its risk: the risk library's assessment (CVSS, KEV, EPSS, exposure, SSVC
 * and asset context), or, until it is assessed, the finding's own score and severity.
 */
export type TRiskedFinding = {
  title: string;
  host: string;
  level: TRiskLevel;
  score: number;
  assessed: boolean;
};

type ExecutiveLevel = (typeof RISK_LEVELS)[number];

const LEVEL_ORDER: readonly TRiskLevel[] = ['low', 'medium', 'high', 'critical'];
const EXECUTIVE_ORDER: readonly ExecutiveLevel[] = ['LOW', 'MEDIUM', 'HIGH'];
/** The executive label a finding's risk level supports: critical and high risk are HIGH. */
const EXECUTIVE_OF: Record<TRiskLevel, ExecutiveLevel> = {
  critical: 'HIGH',
  high: 'HIGH',
  medium: 'MEDIUM',
  low: 'LOW',
};

/** The worse of two risk levels. */
export const worseLevel = (a: TRiskLevel, b: TRiskLevel): TRiskLevel =>
  LEVEL_ORDER.indexOf(a) >= LEVEL_ORDER.indexOf(b) ? a : b;

/** The open finding with the worst risk level, the highest score among equals; null if none. */
export function worstFinding(findings: readonly TRiskedFinding[]): TRiskedFinding | null {
  const rank = (f: TRiskedFinding) => LEVEL_ORDER.indexOf(f.level) * 1000 + f.score;
  return findings.reduce<TRiskedFinding | null>((w, f) => (!w || rank(f) > rank(w) ? f : w), null);
}

/** Open findings per risk level. */
export function countByLevel(findings: readonly TRiskedFinding[]): Record<TRiskLevel, number> {
  const counts = { critical: 0, high: 0, medium: 0, low: 0 };
  for (const f of findings) counts[f.level] += 1;
  return counts;
}

/** The inputs every risk verdict shows: open findings by level and the worst of them. */
export function findingInputs(findings: readonly TRiskedFinding[]): TVerdictInput[] {
  const c = countByLevel(findings);
  const worst = worstFinding(findings);
  const unassessed = findings.filter((f) => !f.assessed).length;
  return [
    {
      label: 'Open findings by risk level',
      value: `${c.critical} critical, ${c.high} high, ${c.medium} medium, ${c.low} low`,
    },
    {
      label: 'Highest risk',
      value: worst
        ? `${worst.score} (${worst.level}): ${worst.title} on ${worst.host}`
        : 'no open finding',
    },
    ...(unassessed
      ? [{ label: 'Not yet assessed', value: `${unassessed} (their own score and severity)` }]
      : []),
  ];
}

/**
 * Executive risk: the spec's rule (part 2 §9: HIGH with any critical, MEDIUM above 5 high, else
 * LOW) counted over the assessed risk levels, never below what the worst open finding supports.
 */
export function executiveRisk(findings: readonly TRiskedFinding[]): {
  level: ExecutiveLevel;
  verdict: TVerdict;
} {
  const c = countByLevel(findings);
  const spec: ExecutiveLevel =
    c.critical > 0 ? 'HIGH' : c.high > R.executiveHighAbove ? 'MEDIUM' : 'LOW';
  const worst = worstFinding(findings);
  const measured = worst ? EXECUTIVE_OF[worst.level] : 'LOW';
  const raised = EXECUTIVE_ORDER.indexOf(measured) > EXECUTIVE_ORDER.indexOf(spec);
  const level = raised ? measured : spec;
  return {
    level,
    verdict: {
      name: 'Overall risk',
      verdict: level,
      inputs: findingInputs(findings),
      rule: `HIGH if an open finding is assessed critical, MEDIUM if more than ${R.executiveHighAbove} are assessed high, otherwise LOW; never below the worst open finding (critical or high risk: HIGH, medium: MEDIUM)`,
      reference: raised
        ? `the spec's threshold alone (${c.critical} critical, ${c.high} high of at most ${R.executiveHighAbove}) gives ${spec}, which the ${worst?.level} risk of ${worst?.title} contradicts`
        : null,
    },
  };
}

/**
 * The organization's risk level: the worst of its open findings' risk levels and of the
 * security assessment's issues; low when there is neither.
 */
export function organizationRisk(
  findings: readonly TRiskedFinding[],
  issues: readonly { severity: TRiskLevel; title: string }[],
): { level: TRiskLevel; verdict: TVerdict } {
  const worst = worstFinding(findings);
  const level = [worst?.level ?? 'low', ...issues.map((i) => i.severity)].reduce(worseLevel);
  const worstIssue = issues.find((i) => i.severity === level);
  return {
    level,
    verdict: {
      name: 'Risk level',
      verdict: level,
      inputs: [
        ...findingInputs(findings),
        {
          label: 'Security assessment',
          value: issues.length
            ? `${issues.length} issue${issues.length === 1 ? '' : 's'}${worstIssue ? `, worst ${level}: ${worstIssue.title}` : ''}`
            : 'no issue',
        },
      ],
      rule: 'The worst of the open findings’ risk levels (the risk library’s assessment) and the security assessment’s issues; low when there is neither',
      reference: null,
    },
  };
}

/**
 * Security score: 100 minus the highest risk score (0-100) among open findings, so one critical
 * exposure is never averaged away by many clean hosts; 100 when nothing is open.
 */
export function securityScore(findings: readonly TRiskedFinding[]): {
  score: number;
  verdict: TVerdict;
} {
  const highest = Math.max(0, ...findings.map((f) => f.score));
  const score = Math.max(0, Math.round(100 - highest));
  return {
    score,
    verdict: {
      name: 'Security score',
      verdict: `${score}/100`,
      inputs: findingInputs(findings),
      rule: '100 minus the highest risk score (0-100: CVSS with KEV, EPSS, exposure and asset context) among open findings; 100 when none is open',
      reference: null,
    },
  };
}
