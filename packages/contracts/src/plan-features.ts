import type { TTier } from './plans.ts';

/** The tiers that can unlock a feature, cheapest first. */
export type TUnlockingTier = 'Professional' | 'Enterprise';

export type TPlanFeatureInfo = {
  /** The cheapest tier that includes it; every tier above includes it too. */
  tier: TUnlockingTier;
  /** The name on the upgrade card and in the 402 message. */
  name: string;
  /** The plan card line that sells it (one line may sell two features, e.g. "MFA and SSO"). */
  card: string;
  /** One sentence for the upgrade card: what it does. */
  what: string;
  /** The web pages it gates: a plan without it sees the upgrade card there instead. */
  pages: readonly string[];
  /**
   * The API paths it gates (a path and everything under it): the server's plan guard answers 402
   * on every route there. Empty when the feature's service checks the plan itself (one action of
   * a route shared with the plans that lack it).
   */
  api: readonly string[];
};

/**
 * The one plan matrix (feature → the tier that unlocks it), beside the permission matrix. The
 * Billing page's plan cards are derived from it, the server's plan guard enforces it, and the web
 * shows each gated page's upgrade card from it. Scan limits are not features: FREE_PLAN_LIMITS.
 */
export const PLAN_FEATURES = {
  api_access: {
    tier: 'Professional',
    name: 'API access',
    card: 'API access',
    what: 'Call the NetGuard REST API with API keys from your own scripts and tools.',
    pages: [],
    api: [],
  },
  mfa: {
    tier: 'Professional',
    name: 'Multi-factor authentication',
    card: 'MFA and SSO',
    what: 'Protect sign-ins with a second factor: an authenticator app, SMS or e-mail codes.',
    pages: [],
    api: [],
  },
  sso: {
    tier: 'Professional',
    name: 'Single sign-on',
    card: 'MFA and SSO',
    what: 'Let your team sign in through your SAML or OpenID Connect identity provider.',
    pages: [],
    api: [],
  },
  analytics: {
    tier: 'Professional',
    name: 'Analytics',
    card: 'Analytics and security posture',
    what: "Scan performance, risk distribution, security score and coverage on the dashboard's Analytics and Security Posture tabs.",
    pages: [],
    api: ['/api/analytics'],
  },
  siem: {
    tier: 'Enterprise',
    name: 'SIEM integration',
    card: 'Custom integrations',
    what: 'Forward security events to Splunk, Elastic, QRadar, Sentinel and other SIEMs, with a delivery log and replay.',
    pages: ['/dashboard/siem-integrations'],
    api: ['/api/siem'],
  },
  security_center: {
    tier: 'Enterprise',
    name: 'Enterprise Security Center',
    card: 'Enterprise security center',
    what: 'Security metrics, the security event log, incidents, compliance assessments and organization-wide security policies in one place.',
    pages: ['/dashboard/enterprise-security'],
    api: [
      '/api/security/metrics',
      '/api/security/events',
      '/api/security/scan',
      '/api/security/report',
      '/api/security/policies',
      '/api/security/incidents',
    ],
  },
  risk_scoring: {
    tier: 'Enterprise',
    name: 'AI risk scoring',
    card: 'AI risk scoring',
    what: 'Ranks every finding by exploitability, asset criticality and exposure, with trends and a written risk narrative.',
    pages: ['/dashboard/ai-risk-scoring'],
    api: ['/api/risk'],
  },
  cloud: {
    tier: 'Enterprise',
    name: 'Cloud security posture',
    card: 'Cloud security posture',
    what: 'Connect AWS, Azure and GCP accounts and scan them for misconfigurations, with findings, comparisons and mute rules.',
    pages: ['/dashboard/cloud'],
    api: ['/api/cloud'],
  },
  remediation: {
    tier: 'Enterprise',
    name: 'Automated remediation',
    card: 'Automated remediation',
    what: 'Propose, approve and run fixes on your hosts and cloud resources, with verification, rollback and an evidence export.',
    pages: ['/dashboard/automated-remediation'],
    api: ['/api/remediation'],
  },
  compliance_evidence: {
    tier: 'Enterprise',
    name: 'Compliance evidence',
    card: 'Compliance evidence collection',
    what: 'Collect SOC 2, ISO 27001, NIST CSF, GDPR and HIPAA evidence from NetGuard itself, on a schedule, in signed packages an auditor verifies offline.',
    pages: ['/dashboard/compliance-evidence'],
    api: ['/api/compliance'],
  },
} as const satisfies Record<string, TPlanFeatureInfo>;

export type TPlanFeature = keyof typeof PLAN_FEATURES;
export const PLAN_FEATURE_KEYS = Object.keys(PLAN_FEATURES) as TPlanFeature[];

/** Limits are plan card lines too, but enforced as limits, not gates (FREE_PLAN_LIMITS). */
export const UNLIMITED_SCANS = 'Unlimited scans';
/** The Enterprise card's first line. */
export const EVERYTHING_IN_PROFESSIONAL = 'Everything in Professional';

const RANK: Record<TTier, number> = { Free: 0, Professional: 1, Enterprise: 2, Unknown: -1 };

/** The cheapest tier that unlocks `feature`. */
export const featureUnlockedBy = (feature: TPlanFeature): TUnlockingTier =>
  PLAN_FEATURES[feature].tier;

/**
 * Whether a plan of `tier` includes `feature`. Unknown (a product id the deployment does not
 * map to a tier) includes none: nothing says what was bought.
 */
export const tierIncludes = (tier: TTier, feature: TPlanFeature): boolean =>
  RANK[tier] >= RANK[featureUnlockedBy(feature)];

/** The tiers that include `feature`, cheapest first, e.g. Professional and Enterprise. */
export const tiersIncluding = (feature: TPlanFeature): TUnlockingTier[] =>
  (['Professional', 'Enterprise'] as const).filter((tier) => tierIncludes(tier, feature));

/** The card lines a tier sells beyond the one below it, in matrix order, each line once. */
export function featureLines(tier: TUnlockingTier): string[] {
  const lines = PLAN_FEATURE_KEYS.filter((key) => PLAN_FEATURES[key].tier === tier).map(
    (key) => PLAN_FEATURES[key].card,
  );
  return [...new Set(lines)];
}

/** The feature that gates an API path (a route's URL), if any. */
export function featureOfApiPath(path: string): TPlanFeature | undefined {
  return PLAN_FEATURE_KEYS.find((key) =>
    PLAN_FEATURES[key].api.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)),
  );
}

/** The feature that gates a web page, if any. */
export function featureOfPage(path: string): TPlanFeature | undefined {
  return PLAN_FEATURE_KEYS.find((key) =>
    (PLAN_FEATURES[key].pages as readonly string[]).includes(path),
  );
}

/** "the Enterprise plan", "the Professional and Enterprise plans". */
function planNames(feature: TPlanFeature): string {
  const tiers = tiersIncluding(feature);
  return tiers.length === 1 ? `the ${tiers[0]} plan` : `the ${tiers.join(' and ')} plans`;
}

/**
 * The 402 text of a feature the plan lacks.
 * @example planRequiredMessage('siem') // 'SIEM integration is part of the Enterprise plan. Upgrade on the Billing page.'
 */
export const planRequiredMessage = (feature: TPlanFeature): string =>
  `${PLAN_FEATURES[feature].name} is part of ${planNames(feature)}. Upgrade on the Billing page.`;

/** The texts of a gated page's upgrade card. */
export const PLAN_GATE_TEXT = {
  upgrade: 'Upgrade',
  unlockedBy: (feature: TPlanFeature) => `Included in ${planNames(feature)}.`,
  currentPlan: (tier: TTier) =>
    tier === 'Unknown' ? 'Your current plan does not include it.' : `You are on the ${tier} plan.`,
} as const;
