import type {
  MISSION_PREVALENCE,
  PUBLIC_WELLBEING,
  SSVC_AUTOMATABLE,
  SSVC_COORDINATOR_OUTCOMES,
  SSVC_DEPLOYER_OUTCOMES,
  SSVC_EXPLOITATION,
  SSVC_EXPOSURE,
  SSVC_HUMAN_IMPACT,
  SSVC_MISSION_WELLBEING,
  SSVC_TECHNICAL_IMPACT,
} from '@netguard/contracts';

export type Exploitation = (typeof SSVC_EXPLOITATION)[number];
export type Automatable = (typeof SSVC_AUTOMATABLE)[number];
export type TechnicalImpact = (typeof SSVC_TECHNICAL_IMPACT)[number];
export type MissionWellbeing = (typeof SSVC_MISSION_WELLBEING)[number];
export type Exposure = (typeof SSVC_EXPOSURE)[number];
export type HumanImpact = (typeof SSVC_HUMAN_IMPACT)[number];
export type CoordinatorOutcome = (typeof SSVC_COORDINATOR_OUTCOMES)[number];
export type DeployerOutcome = (typeof SSVC_DEPLOYER_OUTCOMES)[number];
export type MissionPrevalence = (typeof MISSION_PREVALENCE)[number];
export type PublicWellbeing = (typeof PUBLIC_WELLBEING)[number];

// The decision tables as published by CERT/CC in the SSVC repository (data/csv). Row order is
// theirs; the tests check every row. "public poc" is written `poc`, "very high" `very_high`,
// "track*" `track_star`, "out-of-cycle" `out_of_cycle` (the contracts' enum values).

/**
 * CISA coordinator decision (CISA Levels v1.1.0): Exploitation x Automatable x Technical Impact x
 * Mission and Well-Being Impact. Source: CERTCC/SSVC data/csv/cisa/cisa_coordinator_2_0_3.csv.
 */
export const CISA_COORDINATOR_TABLE: ReadonlyArray<
  readonly [Exploitation, Automatable, TechnicalImpact, MissionWellbeing, CoordinatorOutcome]
> = [
  ['none', 'no', 'partial', 'low', 'track'],
  ['none', 'no', 'partial', 'medium', 'track'],
  ['none', 'no', 'partial', 'high', 'track'],
  ['none', 'no', 'total', 'low', 'track'],
  ['none', 'no', 'total', 'medium', 'track'],
  ['none', 'no', 'total', 'high', 'track_star'],
  ['none', 'yes', 'partial', 'low', 'track'],
  ['none', 'yes', 'partial', 'medium', 'track'],
  ['none', 'yes', 'partial', 'high', 'attend'],
  ['none', 'yes', 'total', 'low', 'track'],
  ['none', 'yes', 'total', 'medium', 'track'],
  ['none', 'yes', 'total', 'high', 'attend'],
  ['poc', 'no', 'partial', 'low', 'track'],
  ['poc', 'no', 'partial', 'medium', 'track'],
  ['poc', 'no', 'partial', 'high', 'track_star'],
  ['poc', 'no', 'total', 'low', 'track'],
  ['poc', 'no', 'total', 'medium', 'track_star'],
  ['poc', 'no', 'total', 'high', 'attend'],
  ['poc', 'yes', 'partial', 'low', 'track'],
  ['poc', 'yes', 'partial', 'medium', 'track'],
  ['poc', 'yes', 'partial', 'high', 'attend'],
  ['poc', 'yes', 'total', 'low', 'track'],
  ['poc', 'yes', 'total', 'medium', 'track_star'],
  ['poc', 'yes', 'total', 'high', 'attend'],
  ['active', 'no', 'partial', 'low', 'track'],
  ['active', 'no', 'partial', 'medium', 'track'],
  ['active', 'no', 'partial', 'high', 'attend'],
  ['active', 'no', 'total', 'low', 'track'],
  ['active', 'no', 'total', 'medium', 'attend'],
  ['active', 'no', 'total', 'high', 'act'],
  ['active', 'yes', 'partial', 'low', 'attend'],
  ['active', 'yes', 'partial', 'medium', 'attend'],
  ['active', 'yes', 'partial', 'high', 'act'],
  ['active', 'yes', 'total', 'low', 'attend'],
  ['active', 'yes', 'total', 'medium', 'act'],
  ['active', 'yes', 'total', 'high', 'act'],
];

/**
 * CERT/CC deployer patch application priority: Exploitation x System Exposure x Automatable x
 * Human Impact. Source: CERTCC/SSVC data/csv/ssvc/deployer_patch_application_priority_1_0_0.csv.
 */
export const DEPLOYER_TABLE: ReadonlyArray<
  readonly [Exploitation, Exposure, Automatable, HumanImpact, DeployerOutcome]
> = [
  ['none', 'small', 'no', 'low', 'defer'],
  ['none', 'small', 'no', 'medium', 'defer'],
  ['none', 'small', 'no', 'high', 'scheduled'],
  ['none', 'small', 'no', 'very_high', 'scheduled'],
  ['none', 'small', 'yes', 'low', 'defer'],
  ['none', 'small', 'yes', 'medium', 'scheduled'],
  ['none', 'small', 'yes', 'high', 'scheduled'],
  ['none', 'small', 'yes', 'very_high', 'scheduled'],
  ['none', 'controlled', 'no', 'low', 'defer'],
  ['none', 'controlled', 'no', 'medium', 'scheduled'],
  ['none', 'controlled', 'no', 'high', 'scheduled'],
  ['none', 'controlled', 'no', 'very_high', 'scheduled'],
  ['none', 'controlled', 'yes', 'low', 'scheduled'],
  ['none', 'controlled', 'yes', 'medium', 'scheduled'],
  ['none', 'controlled', 'yes', 'high', 'scheduled'],
  ['none', 'controlled', 'yes', 'very_high', 'scheduled'],
  ['none', 'open', 'no', 'low', 'defer'],
  ['none', 'open', 'no', 'medium', 'scheduled'],
  ['none', 'open', 'no', 'high', 'scheduled'],
  ['none', 'open', 'no', 'very_high', 'scheduled'],
  ['none', 'open', 'yes', 'low', 'scheduled'],
  ['none', 'open', 'yes', 'medium', 'scheduled'],
  ['none', 'open', 'yes', 'high', 'scheduled'],
  ['none', 'open', 'yes', 'very_high', 'out_of_cycle'],
  ['poc', 'small', 'no', 'low', 'defer'],
  ['poc', 'small', 'no', 'medium', 'scheduled'],
  ['poc', 'small', 'no', 'high', 'scheduled'],
  ['poc', 'small', 'no', 'very_high', 'scheduled'],
  ['poc', 'small', 'yes', 'low', 'scheduled'],
  ['poc', 'small', 'yes', 'medium', 'scheduled'],
  ['poc', 'small', 'yes', 'high', 'scheduled'],
  ['poc', 'small', 'yes', 'very_high', 'scheduled'],
  ['poc', 'controlled', 'no', 'low', 'defer'],
  ['poc', 'controlled', 'no', 'medium', 'scheduled'],
  ['poc', 'controlled', 'no', 'high', 'scheduled'],
  ['poc', 'controlled', 'no', 'very_high', 'scheduled'],
  ['poc', 'controlled', 'yes', 'low', 'scheduled'],
  ['poc', 'controlled', 'yes', 'medium', 'scheduled'],
  ['poc', 'controlled', 'yes', 'high', 'scheduled'],
  ['poc', 'controlled', 'yes', 'very_high', 'out_of_cycle'],
  ['poc', 'open', 'no', 'low', 'scheduled'],
  ['poc', 'open', 'no', 'medium', 'scheduled'],
  ['poc', 'open', 'no', 'high', 'scheduled'],
  ['poc', 'open', 'no', 'very_high', 'out_of_cycle'],
  ['poc', 'open', 'yes', 'low', 'scheduled'],
  ['poc', 'open', 'yes', 'medium', 'scheduled'],
  ['poc', 'open', 'yes', 'high', 'out_of_cycle'],
  ['poc', 'open', 'yes', 'very_high', 'out_of_cycle'],
  ['active', 'small', 'no', 'low', 'scheduled'],
  ['active', 'small', 'no', 'medium', 'scheduled'],
  ['active', 'small', 'no', 'high', 'out_of_cycle'],
  ['active', 'small', 'no', 'very_high', 'out_of_cycle'],
  ['active', 'small', 'yes', 'low', 'scheduled'],
  ['active', 'small', 'yes', 'medium', 'out_of_cycle'],
  ['active', 'small', 'yes', 'high', 'out_of_cycle'],
  ['active', 'small', 'yes', 'very_high', 'out_of_cycle'],
  ['active', 'controlled', 'no', 'low', 'scheduled'],
  ['active', 'controlled', 'no', 'medium', 'scheduled'],
  ['active', 'controlled', 'no', 'high', 'out_of_cycle'],
  ['active', 'controlled', 'no', 'very_high', 'out_of_cycle'],
  ['active', 'controlled', 'yes', 'low', 'out_of_cycle'],
  ['active', 'controlled', 'yes', 'medium', 'out_of_cycle'],
  ['active', 'controlled', 'yes', 'high', 'out_of_cycle'],
  ['active', 'controlled', 'yes', 'very_high', 'out_of_cycle'],
  ['active', 'open', 'no', 'low', 'scheduled'],
  ['active', 'open', 'no', 'medium', 'out_of_cycle'],
  ['active', 'open', 'no', 'high', 'out_of_cycle'],
  ['active', 'open', 'no', 'very_high', 'immediate'],
  ['active', 'open', 'yes', 'low', 'out_of_cycle'],
  ['active', 'open', 'yes', 'medium', 'out_of_cycle'],
  ['active', 'open', 'yes', 'high', 'immediate'],
  ['active', 'open', 'yes', 'very_high', 'immediate'],
];

/**
 * CISA Mission and Well-being Impact from Mission Prevalence x Public Well-being Impact.
 * Source: CERTCC/SSVC data/csvs/mission-and-well-being_v1.csv.
 */
export const MISSION_WELLBEING_TABLE: ReadonlyArray<
  readonly [MissionPrevalence, PublicWellbeing, MissionWellbeing]
> = [
  ['minimal', 'minimal', 'low'],
  ['minimal', 'material', 'medium'],
  ['minimal', 'irreversible', 'high'],
  ['support', 'minimal', 'medium'],
  ['support', 'material', 'medium'],
  ['support', 'irreversible', 'high'],
  ['essential', 'minimal', 'high'],
  ['essential', 'material', 'high'],
  ['essential', 'irreversible', 'high'],
];

export type SafetyImpact = 'negligible' | 'marginal' | 'critical' | 'catastrophic';
export type MissionImpact = 'degraded' | 'mef_support_crippled' | 'mef_failure' | 'mission_failure';

/**
 * CERT/CC Human Impact from Safety Impact x Mission Impact.
 * Source: CERTCC/SSVC data/csv/ssvc/human_impact_1_0_0.csv.
 */
export const HUMAN_IMPACT_TABLE: ReadonlyArray<
  readonly [SafetyImpact, MissionImpact, HumanImpact]
> = [
  ['negligible', 'degraded', 'low'],
  ['negligible', 'mef_support_crippled', 'low'],
  ['negligible', 'mef_failure', 'medium'],
  ['negligible', 'mission_failure', 'very_high'],
  ['marginal', 'degraded', 'low'],
  ['marginal', 'mef_support_crippled', 'low'],
  ['marginal', 'mef_failure', 'medium'],
  ['marginal', 'mission_failure', 'very_high'],
  ['critical', 'degraded', 'medium'],
  ['critical', 'mef_support_crippled', 'high'],
  ['critical', 'mef_failure', 'high'],
  ['critical', 'mission_failure', 'very_high'],
  ['catastrophic', 'degraded', 'very_high'],
  ['catastrophic', 'mef_support_crippled', 'very_high'],
  ['catastrophic', 'mef_failure', 'very_high'],
  ['catastrophic', 'mission_failure', 'very_high'],
];

/**
 * NetGuard's reading of the asset context for the deployer tree, which asks for Safety Impact and
 * Mission Impact while users set CISA's Public Well-being and Mission Prevalence (our choice,
 * stated here): well-being minimal -> negligible, material (injury, financial or psychological
 * harm) -> marginal, irreversible (loss of life or lasting harm) -> critical; prevalence minimal
 * -> degraded, support -> MEF support crippled, essential -> MEF failure.
 */
export const SAFETY_FROM_WELLBEING: Record<PublicWellbeing, SafetyImpact> = {
  minimal: 'negligible',
  material: 'marginal',
  irreversible: 'critical',
};
export const MISSION_FROM_PREVALENCE: Record<MissionPrevalence, MissionImpact> = {
  minimal: 'degraded',
  support: 'mef_support_crippled',
  essential: 'mef_failure',
};

export type CvssLevel = 'none' | 'low' | 'high';

/**
 * SSVC Technical Impact from CVSS Privileges Required x Confidentiality x Integrity impact of the
 * vulnerable system. Source: CERTCC/SSVC data/csv/ssvc/cvssv4_to_technical_impact_1_0_0.csv
 * (written for 4.0's PR, VC, VI; NetGuard applies it to 3.x's PR, C, I, which take the same values).
 */
export const TECHNICAL_IMPACT_TABLE: ReadonlyArray<
  readonly [CvssLevel, CvssLevel, CvssLevel, TechnicalImpact]
> = [
  ['high', 'none', 'none', 'partial'],
  ['low', 'none', 'none', 'partial'],
  ['high', 'low', 'none', 'partial'],
  ['high', 'none', 'low', 'partial'],
  ['none', 'none', 'none', 'partial'],
  ['low', 'low', 'none', 'partial'],
  ['high', 'high', 'none', 'partial'],
  ['low', 'none', 'low', 'partial'],
  ['high', 'low', 'low', 'partial'],
  ['high', 'none', 'high', 'partial'],
  ['none', 'low', 'none', 'partial'],
  ['low', 'high', 'none', 'partial'],
  ['none', 'none', 'low', 'partial'],
  ['low', 'low', 'low', 'partial'],
  ['high', 'high', 'low', 'partial'],
  ['low', 'none', 'high', 'partial'],
  ['high', 'low', 'high', 'partial'],
  ['none', 'high', 'none', 'partial'],
  ['none', 'low', 'low', 'partial'],
  ['low', 'high', 'low', 'partial'],
  ['none', 'none', 'high', 'partial'],
  ['low', 'low', 'high', 'partial'],
  ['high', 'high', 'high', 'total'],
  ['none', 'high', 'low', 'total'],
  ['none', 'low', 'high', 'total'],
  ['low', 'high', 'high', 'total'],
  ['none', 'high', 'high', 'total'],
];
