import { z } from 'zod';
import { ZDetection } from './detection.ts';
import { textField } from './text-field.ts';
import { VALIDATION_MESSAGES as M } from './validation.ts';

/** Texts of the AI-Powered Risk Scoring page (spec part 2). */
export const RISK_TEXT = {
  title: 'AI-Powered Risk Scoring',
  loadError: 'Failed to load AI risk scoring data',
  tabs: ['Risk Assessments', 'AI Prioritization', 'Trend Analysis', 'AI Insights'],
  cards: ['AI Confidence', 'High Risk Assets', 'Risk Reduction', 'Auto-Prioritized'],
  narrativeLabel: 'AI narrative',
  denied: 'Insufficient permissions to change asset criticality',
} as const;

/** Risk-trend range options (spec §9); the page's default is 7d. */
export const RISK_RANGES = ['24h', '7d', '30d', '90d'] as const;
export type TRiskRange = (typeof RISK_RANGES)[number];
export const DEFAULT_RISK_RANGE: TRiskRange = '7d';
export const RISK_RANGE_HOURS: Record<TRiskRange, number> = {
  '24h': 24,
  '7d': 7 * 24,
  '30d': 30 * 24,
  '90d': 90 * 24,
};

export const ASSESSMENT_RISK_LEVELS = ['critical', 'high', 'medium', 'low'] as const;
export const MITIGATION_URGENCIES = ['immediate', 'urgent', 'moderate'] as const;
export const EXPOSURE_LEVELS = ['external', 'internal', 'loopback'] as const;
export const BUSINESS_CRITICALITIES = ['low', 'medium', 'high', 'critical'] as const;

/** Spec §9 fallback formula: multipliers, thresholds, fixed shares. */
export const RISK_FORMULA = {
  externalExposure: 1.5,
  criticalAssets: 1.3,
  criticalBusiness: 1.4,
  exploitAvailable: 1.2,
  cap: 100,
  levels: { critical: 90, high: 70, medium: 40 },
  urgency: { immediate: 90, urgent: 70 },
  shares: { business: 0.8, technical: 0.9, exploitability: 0.7 },
  remediationComplexity: 'medium',
} as const;

// SSVC (CISA coordinator tree, CERT/CC deployer tree) decision points and outcomes.
export const SSVC_EXPLOITATION = ['none', 'poc', 'active'] as const;
export const SSVC_AUTOMATABLE = ['no', 'yes'] as const;
export const SSVC_TECHNICAL_IMPACT = ['partial', 'total'] as const;
export const SSVC_MISSION_WELLBEING = ['low', 'medium', 'high'] as const;
export const SSVC_EXPOSURE = ['small', 'controlled', 'open'] as const;
export const SSVC_HUMAN_IMPACT = ['low', 'medium', 'high', 'very_high'] as const;
export const SSVC_COORDINATOR_OUTCOMES = ['track', 'track_star', 'attend', 'act'] as const;
export const SSVC_DEPLOYER_OUTCOMES = ['defer', 'scheduled', 'out_of_cycle', 'immediate'] as const;
export const SSVC_OUTCOME_LABELS = {
  track: 'Track',
  track_star: 'Track*',
  attend: 'Attend',
  act: 'Act',
  defer: 'Defer',
  scheduled: 'Scheduled',
  out_of_cycle: 'Out-of-Cycle',
  immediate: 'Immediate',
} as const;

/** What users set per host or per tag; mission and well-being feed SSVC. */
export const MISSION_PREVALENCE = ['minimal', 'support', 'essential'] as const;
export const PUBLIC_WELLBEING = ['minimal', 'material', 'irreversible'] as const;
export const ASSET_CRITICALITIES = ['low', 'medium', 'high', 'critical'] as const;

/** One input of an assessment and where it came from. */
export const ZRiskInput = z.object({
  name: z.string().max(60),
  value: z.string().max(200).nullable(),
  source: z.string().max(200),
  /** Date of the data (feed date, scan time); null when unknown. */
  as_of: z.string().nullable(),
  present: z.boolean(),
  fresh: z.boolean(),
});

/** One multiplier of the formula, shown whether it applied or not. */
export const ZRiskMultiplier = z.object({
  name: z.enum(['external_exposure', 'critical_assets', 'critical_business', 'exploit_available']),
  factor: z.number(),
  applied: z.boolean(),
  reason: z.string().max(300),
});

/** One step of an SSVC decision path: decision point, value, why. */
export const ZSsvcStep = z.object({
  point: z.string().max(60),
  value: z.string().max(60),
  reason: z.string().max(300),
});

/** The spec's AI risk assessment (part 2 §3) plus everything it was computed from. */
export const ZRiskAssessment = z.object({
  vulnerability_id: z.uuid(),
  riskScore: z.number().min(0).max(100),
  riskLevel: z.enum(ASSESSMENT_RISK_LEVELS),
  /** Share of the inputs that are present and fresh, 0-1. */
  confidence: z.number().min(0).max(1),
  reasoning: z.string().max(4000),
  mitigationUrgency: z.enum(MITIGATION_URGENCIES),
  businessImpactScore: z.number().min(0).max(100),
  technicalImpactScore: z.number().min(0).max(100),
  exploitabilityScore: z.number().min(0).max(100),
  remediationComplexity: z.enum(['low', 'medium', 'high']),
  recommendations: z.array(z.string().max(500)).max(20),
  cvss: z
    .object({
      version: z.enum(['2.0', '3.0', '3.1', '4.0']).nullable(),
      base_score: z.number().min(0).max(10),
      vector: z.string().max(200).nullable(),
      severity: z.string().max(20).nullable(),
      /** The CVE's vectors of other versions (4.0 beside 3.1), each with its base score; not scored. */
      others: z
        .array(
          z.object({
            version: z.enum(['2.0', '3.0', '3.1', '4.0']),
            base_score: z.number().min(0).max(10),
            vector: z.string().max(200),
            severity: z.string().max(20),
          }),
        )
        .max(3)
        .default([]),
    })
    .nullable(),
  epss: z
    .object({
      score: z.number(),
      percentile: z.number(),
      date: z.string().nullable(),
      model_version: z.string().nullable(),
    })
    .nullable(),
  kev: z
    .object({
      date_added: z.string().nullable(),
      due_date: z.string().nullable(),
      ransomware: z.boolean().nullable(),
    })
    .nullable(),
  detection: ZDetection.nullable(),
  multipliers: z.array(ZRiskMultiplier),
  inputs: z.array(ZRiskInput),
  ssvc: z.object({
    coordinator: z.enum(SSVC_COORDINATOR_OUTCOMES).nullable(),
    deployer: z.enum(SSVC_DEPLOYER_OUTCOMES).nullable(),
    path: z.array(ZSsvcStep),
  }),
  /** Optional paragraph from the configured language model, shown as such; never scores. */
  narrative: z.object({ text: z.string().max(4000), model: z.string().max(100) }).nullable(),
  computed_at: z.string(),
});
export type TRiskAssessment = z.infer<typeof ZRiskAssessment>;

/** GET /api/risk/summary?range= and the other page reads. */
export const ZRiskRangeQuery = z.object({
  range: z
    .enum(RISK_RANGES, { message: `Range must be one of ${RISK_RANGES.join(', ')}` })
    .default(DEFAULT_RISK_RANGE),
});

/** The four cards, computed over the range (null: nothing to compute from). */
export const ZRiskSummary = z.object({
  range: z.enum(RISK_RANGES),
  /** Mean input completeness of the assessments, 0-1. */
  ai_confidence: z.number().min(0).max(1).nullable(),
  /** Hosts with an Act or Immediate vulnerability. */
  high_risk_assets: z.number().int(),
  /** Change of summed risk over the range vs the previous range, in percent. */
  risk_reduction: z.number().nullable(),
  /** Vulnerabilities with an SSVC decision. */
  auto_prioritized: z.number().int(),
});
export type TRiskSummary = z.infer<typeof ZRiskSummary>;

/** One row of the AI Prioritization queue. */
export const ZPriorityItem = z.object({
  vulnerability_id: z.uuid(),
  title: z.string(),
  host: z.string(),
  port: z.number().int().nullable(),
  cve_id: z.string().nullable(),
  riskScore: z.number(),
  coordinator: z.enum(SSVC_COORDINATOR_OUTCOMES).nullable(),
  deployer: z.enum(SSVC_DEPLOYER_OUTCOMES).nullable(),
  due_at: z.string().nullable(),
  owner: z.string().nullable(),
});

/** One point of the Trend Analysis chart. */
export const ZRiskTrendPoint = z.object({
  at: z.string(),
  total_risk: z.number(),
  open_vulnerabilities: z.number().int(),
});

/** One AI Insight: a statement computed from data and the vulnerabilities behind it. */
export const ZRiskInsight = z.object({
  id: z.string().max(60),
  title: z.string().max(200),
  statement: z.string().max(1000),
  vulnerability_ids: z.array(z.uuid()).max(200),
});

/** Asset context for SSVC and the formula, set per host or per tag. */
export const ZAssetContextBody = z.object({
  kind: z.enum(['host', 'tag']),
  target: textField().trim().min(1, 'Host or tag is required').max(253),
  criticality: z.enum(ASSET_CRITICALITIES),
  mission_prevalence: z.enum(MISSION_PREVALENCE),
  public_wellbeing: z.enum(PUBLIC_WELLBEING),
  exposure: z.enum(EXPOSURE_LEVELS).nullable().default(null),
  owner: textField().trim().max(120).nullable().default(null),
  tags: z.array(textField().trim().min(1).max(60)).max(20).default([]),
});
export type TAssetContextBody = z.input<typeof ZAssetContextBody>;
export const ZAssetContext = ZAssetContextBody.extend({
  id: z.uuid(),
  updated_at: z.string(),
});
export type TAssetContext = z.infer<typeof ZAssetContext>;
export const ZAssetContextIdParams = z.object({ id: z.uuid(M.uuid) });
/** GET /api/assets: every context, those that apply to a host, or those of a tag. */
export const ZAssetContextQuery = z.object({
  host: textField().trim().min(1, 'Host is required').max(253).optional(),
  tag: textField().trim().min(1, 'Tag is required').max(60).optional(),
});
export type TAssetContextQuery = z.infer<typeof ZAssetContextQuery>;

/** An assessment with what names its vulnerability, for lists. */
export const ZRiskAssessmentRow = ZRiskAssessment.extend({
  title: z.string(),
  host: z.string(),
  port: z.number().int().nullable(),
  cve_id: z.string().nullable(),
});
export type TRiskAssessmentRow = z.infer<typeof ZRiskAssessmentRow>;

// Responses of the page's reads (routes under /api/risk).
export const ZRiskAssessmentList = z.object({ items: z.array(ZRiskAssessmentRow) });
export const ZPriorityQueue = z.object({ items: z.array(ZPriorityItem) });
export const ZRiskTrend = z.object({
  range: z.enum(RISK_RANGES),
  points: z.array(ZRiskTrendPoint),
});
export const ZRiskInsights = z.object({ items: z.array(ZRiskInsight) });
export const ZAssetContextList = z.object({ items: z.array(ZAssetContext) });
export type TPriorityItem = z.infer<typeof ZPriorityItem>;
export type TRiskTrendPoint = z.infer<typeof ZRiskTrendPoint>;
export type TRiskInsight = z.infer<typeof ZRiskInsight>;
