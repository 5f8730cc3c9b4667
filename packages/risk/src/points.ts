import { automatableFromVector, type ParsedCvss, technicalImpactOf } from './cvss.ts';
import { type ExposureLevel, exposureOfAddress, SSVC_EXPOSURE_OF } from './exposure.ts';
import type { AssessInput } from './input.ts';
import { type Evidence, lookup } from './ssvc/decide.ts';
import {
  type Automatable,
  type Exploitation,
  type Exposure,
  HUMAN_IMPACT_TABLE,
  type HumanImpact,
  MISSION_FROM_PREVALENCE,
  MISSION_WELLBEING_TABLE,
  type MissionPrevalence,
  type MissionWellbeing,
  type PublicWellbeing,
  SAFETY_FROM_WELLBEING,
  type TechnicalImpact,
} from './ssvc/tables.ts';

/** EPSS probability from which NetGuard counts a CVE as having public exploit code (SSVC poc). */
export const EPSS_POC_THRESHOLD = 0.1;

const EXPLOITATION_RANK: Record<Exploitation, number> = { none: 0, poc: 1, active: 2 };

/**
 * SSVC Exploitation: the strongest of the evidence. A CISA KEV entry is active exploitation;
 * a Vulnrichment entry gives CISA's own value; an EPSS probability of at least 0.1 counts as
 * public proof of concept; otherwise none (no evidence of exploitation).
 */
export function exploitationOf(input: AssessInput): Evidence<Exploitation> {
  const { kev, vulnrichment, epss } = input;
  const found: Evidence<Exploitation>[] = [];
  if (kev)
    found.push({
      value: 'active',
      reason: `Listed in CISA KEV (added ${kev.date_added ?? 'on an unknown date'})`,
    });
  if (vulnrichment?.exploitation)
    found.push({
      value: vulnrichment.exploitation,
      reason: `CISA Vulnrichment SSVC entry${vulnrichment.assessed_at ? ` of ${vulnrichment.assessed_at.slice(0, 10)}` : ''}`,
    });
  if (epss && epss.score >= EPSS_POC_THRESHOLD)
    found.push({
      value: 'poc',
      reason: `EPSS ${epss.score} on ${epss.date ?? 'an unknown date'} (at least ${EPSS_POC_THRESHOLD})`,
    });
  const best = found.sort((a, b) => EXPLOITATION_RANK[b.value] - EXPLOITATION_RANK[a.value])[0];
  if (best) return best;
  const epssText = epss ? `EPSS ${epss.score} below ${EPSS_POC_THRESHOLD}` : 'no EPSS score';
  return { value: 'none', reason: `No KEV entry, no Vulnrichment evidence, ${epssText}` };
}

/** SSVC Automatable: Vulnrichment's value, else what NetGuard's probe or the CVSS vector shows. */
export function automatableOf(
  input: AssessInput,
  cvss: ParsedCvss | null,
): Evidence<Automatable> | null {
  const given = input.vulnrichment?.automatable;
  if (given) return { value: given, reason: 'CISA Vulnrichment SSVC entry' };
  if (input.detection?.method === 'active_probe')
    return { value: 'yes', reason: 'NetGuard reproduced it with an unauthenticated network probe' };
  if (!cvss) return null;
  const yes = automatableFromVector(cvss);
  return {
    value: yes ? 'yes' : 'no',
    reason: yes
      ? `CVSS ${cvss.version} vector: network, low complexity, no privileges, no user interaction`
      : `CVSS ${cvss.version} vector needs local access, privileges, user interaction or a complex attack`,
  };
}

/** SSVC Technical Impact: Vulnrichment's value, else CERT/CC's table over the CVSS vector. */
export function technicalImpactFrom(
  input: AssessInput,
  cvss: ParsedCvss | null,
): Evidence<TechnicalImpact> | null {
  const given = input.vulnrichment?.technical_impact;
  if (given) return { value: given, reason: 'CISA Vulnrichment SSVC entry' };
  const value = cvss ? technicalImpactOf(cvss) : null;
  if (!cvss || !value) return null;
  const m = cvss.metrics;
  const [c, i] = cvss.version === '4.0' ? ['VC', 'VI'] : ['C', 'I'];
  return {
    value,
    reason: `CVSS ${cvss.version} PR:${m.PR} ${c}:${m[c]} ${i}:${m[i]} (CERT/CC technical impact table)`,
  };
}

export type ExposureEvidence = Evidence<Exposure> & { level: ExposureLevel };

/**
 * Exposure the user set for the host, else the reachability its source reports (a cloud
 * resource's), else inferred from its address; null for a bare name with neither.
 */
export function exposureOf(input: AssessInput): ExposureEvidence | null {
  const set = input.asset?.exposure;
  if (set && input.asset)
    return {
      level: set,
      value: SSVC_EXPOSURE_OF[set],
      reason: `Set as ${set} (${input.asset.source})`,
    };
  const reach = input.reachability;
  if (reach)
    return { level: reach.level, value: SSVC_EXPOSURE_OF[reach.level], reason: reach.reason };
  const level = exposureOfAddress(input.vulnerability.host);
  if (!level) return null;
  return {
    level,
    value: SSVC_EXPOSURE_OF[level],
    reason: `${input.vulnerability.host} is ${level === 'external' ? 'an' : 'a'} ${level} address`,
  };
}

/**
 * With no asset context, SSVC asks for a stated assumption rather than "unknown": NetGuard
 * assumes a host supports the mission (support) with minimal public well-being impact, and says so.
 */
export const ASSUMED_CONTEXT = {
  mission_prevalence: 'support',
  public_wellbeing: 'minimal',
} as const;

function contextOf(input: AssessInput): {
  mission: MissionPrevalence;
  wellbeing: PublicWellbeing;
  why: string;
} {
  const a = input.asset;
  if (a) return { mission: a.mission_prevalence, wellbeing: a.public_wellbeing, why: a.source };
  return {
    mission: ASSUMED_CONTEXT.mission_prevalence,
    wellbeing: ASSUMED_CONTEXT.public_wellbeing,
    why: `assumed: no asset context for ${input.vulnerability.host}`,
  };
}

/** CISA Mission & Well-being from mission prevalence and public well-being impact. */
export function missionWellbeingOf(input: AssessInput): Evidence<MissionWellbeing> {
  const { mission, wellbeing, why } = contextOf(input);
  const value = lookup(MISSION_WELLBEING_TABLE, [mission, wellbeing]) as MissionWellbeing;
  return { value, reason: `Mission ${mission}, public well-being ${wellbeing} (${why})` };
}

/** CERT/CC Human Impact from the same context, read as safety and mission impact (tables.ts). */
export function humanImpactOf(input: AssessInput): Evidence<HumanImpact> {
  const { mission, wellbeing, why } = contextOf(input);
  const safety = SAFETY_FROM_WELLBEING[wellbeing];
  const missionImpact = MISSION_FROM_PREVALENCE[mission];
  const value = lookup(HUMAN_IMPACT_TABLE, [safety, missionImpact]) as HumanImpact;
  return {
    value,
    reason: `Safety ${safety} (well-being ${wellbeing}), mission impact ${missionImpact.replaceAll('_', ' ')} (${why})`,
  };
}
