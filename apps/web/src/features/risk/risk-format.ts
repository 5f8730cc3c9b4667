import {
  DEFAULT_RISK_RANGE,
  RISK_RANGES,
  RISK_TEXT,
  type TRiskRange,
  type TRiskSummary,
} from '@netguard/contracts';

/** How the time range selector names each range. */
export const RANGE_LABELS: Record<TRiskRange, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
};

const RANGE_SPAN: Record<TRiskRange, string> = {
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
};

/** The range of the page's URL (?range=), or the default 7d when absent or unknown. */
export function rangeFromParams(params: URLSearchParams): TRiskRange {
  const value = params.get('range');
  return RISK_RANGES.find((range) => range === value) ?? DEFAULT_RISK_RANGE;
}

/** A 0-1 share as a whole percent ("94%"); null (nothing to compute from) stays null. */
export function percentText(share: number | null): string | null {
  return share === null ? null : `${Math.round(share * 100)}%`;
}

/** A change in percent with its sign: "-18%" when risk fell, "+12%" when it rose, "0%". */
export function signedPercent(value: number): string {
  const rounded = Math.round(value);
  if (rounded === 0) return '0%';
  return `${rounded > 0 ? '+' : '-'}${Math.abs(rounded)}%`;
}

export type TSummaryCard = {
  key: 'confidence' | 'highRisk' | 'reduction' | 'prioritized';
  title: string;
  /** The figure, or "—" when there is nothing to compute it from. */
  value: string;
  /** What the figure counts, or why it is "—". */
  detail: string;
  tone: 'blue' | 'red' | 'violet' | 'emerald';
  definition: string;
};

const NONE = '—';
const [CONFIDENCE, HIGH_RISK, REDUCTION, PRIORITIZED] = RISK_TEXT.cards;

function reductionCard(
  change: number | null,
  span: string,
): Omit<TSummaryCard, 'key' | 'definition'> {
  if (change === null)
    return {
      title: REDUCTION,
      value: NONE,
      detail: `No risk recorded in the ${span} before to compare with`,
      tone: 'emerald',
    };
  const value = signedPercent(change);
  if (value === '0%')
    return { title: REDUCTION, value, detail: `No change vs the previous ${span}`, tone: 'blue' };
  const fell = change < 0;
  return {
    title: REDUCTION,
    value,
    detail: `Summed risk ${fell ? 'fell' : 'rose'} vs the previous ${span}`,
    tone: fell ? 'emerald' : 'red',
  };
}

/** The four summary cards of the range, in the spec's order; null figures show "—" and why. */
export function summaryCards(summary: TRiskSummary): TSummaryCard[] {
  const span = RANGE_SPAN[summary.range];
  return [
    {
      key: 'confidence',
      title: CONFIDENCE,
      value: percentText(summary.ai_confidence) ?? NONE,
      detail:
        summary.ai_confidence === null
          ? `No assessment in the last ${span}`
          : 'Mean share of inputs present and fresh',
      tone: 'blue',
      definition:
        'Mean input completeness of the assessments in the range: for each vulnerability, the share of its inputs (CVSS, EPSS, KEV, SSVC, detection, asset context) that are present and fresh.',
    },
    {
      key: 'highRisk',
      title: HIGH_RISK,
      value: String(summary.high_risk_assets),
      detail: 'Hosts with an Act or Immediate vulnerability',
      tone: 'red',
      definition:
        'Hosts with at least one vulnerability whose SSVC decision is Act (coordinator) or Immediate (deployer).',
    },
    {
      key: 'reduction',
      ...reductionCard(summary.risk_reduction, span),
      definition:
        'Change of the summed risk scores over the range compared with the range before it, in percent; negative means risk went down.',
    },
    {
      key: 'prioritized',
      title: PRIORITIZED,
      value: String(summary.auto_prioritized),
      detail: 'Vulnerabilities with an SSVC decision',
      tone: 'violet',
      definition: 'Vulnerabilities for which the SSVC tables reached a decision from their inputs.',
    },
  ];
}
