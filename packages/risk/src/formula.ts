import { RISK_FORMULA, type TRiskAssessment, type TVulnSeverity } from '@netguard/contracts';

type Multiplier = TRiskAssessment['multipliers'][number];
export type FormulaFactors = {
  /** Where the score starts: CVSS base x10, else the finding's risk score; null when neither. */
  base: { value: number; source: string } | null;
  externalExposure: { applied: boolean; reason: string };
  criticalAssets: { applied: boolean; reason: string };
  criticalBusiness: { applied: boolean; reason: string };
  exploitAvailable: { applied: boolean; reason: string };
};

export type FormulaResult = {
  riskScore: number;
  riskLevel: TRiskAssessment['riskLevel'];
  mitigationUrgency: TRiskAssessment['mitigationUrgency'];
  businessImpactScore: number;
  technicalImpactScore: number;
  exploitabilityScore: number;
  multipliers: Multiplier[];
};

/**
 * Where a finding with neither CVSS nor risk score starts (a cloud misconfiguration): the lower
 * bound of the level its severity names (RISK_FORMULA.levels), low 10, info 0.
 */
export const SEVERITY_BASE: Record<TVulnSeverity, number> = {
  ...RISK_FORMULA.levels,
  low: 10,
  info: 0,
};

/** The formula's start from a severity alone; null without one. */
export function severityBase(severity: TVulnSeverity | null): FormulaFactors['base'] {
  if (!severity) return null;
  return { value: SEVERITY_BASE[severity], source: `severity ${severity} (no CVSS score)` };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function riskLevelOf(score: number): TRiskAssessment['riskLevel'] {
  const { levels } = RISK_FORMULA;
  if (score >= levels.critical) return 'critical';
  if (score >= levels.high) return 'high';
  return score >= levels.medium ? 'medium' : 'low';
}

export function urgencyOf(score: number): TRiskAssessment['mitigationUrgency'] {
  const { urgency } = RISK_FORMULA;
  if (score >= urgency.immediate) return 'immediate';
  return score >= urgency.urgent ? 'urgent' : 'moderate';
}

/**
 * The spec's fallback formula (part 2 §9) as the NetGuard score: the start value times 1.5 for
 * external exposure, 1.3 for a critical asset, 1.4 for critical business, 1.2 for an available
 * exploit, capped at 100; level, urgency and the three shares follow from the score.
 */
export function applyFormula(f: FormulaFactors): FormulaResult {
  const multipliers: Multiplier[] = [
    { name: 'external_exposure', factor: RISK_FORMULA.externalExposure, ...f.externalExposure },
    { name: 'critical_assets', factor: RISK_FORMULA.criticalAssets, ...f.criticalAssets },
    { name: 'critical_business', factor: RISK_FORMULA.criticalBusiness, ...f.criticalBusiness },
    { name: 'exploit_available', factor: RISK_FORMULA.exploitAvailable, ...f.exploitAvailable },
  ];
  const product = multipliers.reduce((s, m) => (m.applied ? s * m.factor : s), f.base?.value ?? 0);
  const riskScore = round1(Math.min(RISK_FORMULA.cap, product));
  const { shares } = RISK_FORMULA;
  return {
    riskScore,
    riskLevel: riskLevelOf(riskScore),
    mitigationUrgency: urgencyOf(riskScore),
    businessImpactScore: round1(riskScore * shares.business),
    technicalImpactScore: round1(riskScore * shares.technical),
    exploitabilityScore: round1(riskScore * shares.exploitability),
    multipliers,
  };
}
