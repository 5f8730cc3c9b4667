import { DETECTION_LABELS, type TRiskAssessment } from '@netguard/contracts';
import type { CvssReading } from './assess.ts';
import { upstreamOnlyBuild } from './detection.ts';
import type { AssessInput } from './input.ts';
import type { ExposureEvidence } from './points.ts';

type RiskInput = TRiskAssessment['inputs'][number];

/** An EPSS score is fresh for this many days (FIRST publishes daily). */
export const EPSS_FRESH_DAYS = 7;
/** GVM's default minimum quality of detection: below it a finding is not trusted. */
export const MIN_QOD = 70;

const DAY_MS = 86_400_000;

/**
 * The inputs of an assessment, each present or not and fresh or not: CVSS (present when a score
 * or vector is known), EPSS (fresh for 7 days after its score date), KEV (present when the CVE is
 * listed or a KEV catalog was imported), Vulnrichment SSVC entry, detection (fresh when its QoD is
 * at least 70 and it is not an upstream-only match on a distribution build), asset context,
 * exposure (known from the context or the address).
 */
export function listInputs(
  input: AssessInput,
  cvss: CvssReading,
  exposure: ExposureEvidence | null,
  now: Date,
): RiskInput[] {
  const { epss, kev, vulnrichment: vr, detection, asset, vulnerability: v } = input;
  const epssFresh =
    !!epss?.date && now.getTime() - Date.parse(epss.date) <= EPSS_FRESH_DAYS * DAY_MS;
  const kevKnown = !!kev || !!input.kev_catalog;
  const row = (r: Omit<RiskInput, 'fresh'> & { fresh?: boolean }): RiskInput => ({
    ...r,
    fresh: r.present && (r.fresh ?? true),
  });
  return [
    row({
      name: 'CVSS',
      value:
        cvss.score === null
          ? null
          : `${cvss.score}${cvss.parsed ? ` (${cvss.parsed.vector})` : ''}`,
      source: cvss.note,
      as_of: null,
      present: cvss.score !== null,
    }),
    row({
      name: 'EPSS',
      value: epss ? `${epss.score} (percentile ${epss.percentile})` : null,
      source: epss
        ? `FIRST EPSS${epss.model_version ? ` ${epss.model_version}` : ''}`
        : 'No EPSS score for this CVE',
      as_of: epss?.date ?? null,
      present: !!epss,
      fresh: epssFresh,
    }),
    row({
      name: 'KEV',
      value: kev
        ? `listed${kev.due_date ? `, due ${kev.due_date}` : ''}`
        : kevKnown
          ? 'not listed'
          : null,
      source: kevKnown ? 'CISA KEV catalog' : 'No KEV catalog imported',
      as_of: kev?.date_added ?? input.kev_catalog ?? null,
      present: kevKnown,
    }),
    row({
      name: 'SSVC (Vulnrichment)',
      value: vr
        ? [vr.exploitation, vr.automatable, vr.technical_impact].map((x) => x ?? '-').join(' / ')
        : null,
      source: vr ? 'CISA Vulnrichment' : 'No Vulnrichment entry for this CVE',
      as_of: vr?.assessed_at ?? null,
      present: !!vr,
    }),
    row({
      name: 'Detection',
      value: detection ? `${DETECTION_LABELS[detection.method]} (QoD ${detection.qod}%)` : null,
      source: detection ? detection.detail.slice(0, 200) : 'Imported finding: no detection record',
      as_of: null,
      present: !!detection,
      // An upstream-only match on a distribution build never counts as trusted detection,
      // whatever QoD it was given: a backported fix would not show in the version.
      fresh: (detection?.qod ?? 0) >= MIN_QOD && !upstreamOnlyBuild(detection),
    }),
    row({
      name: 'Asset context',
      value: asset ? `${asset.criticality} criticality, mission ${asset.mission_prevalence}` : null,
      source: asset?.source ?? `Not set for ${v.host}`,
      as_of: null,
      present: !!asset,
    }),
    row({
      name: 'Exposure',
      value: exposure?.level ?? null,
      source: exposure?.reason ?? `${v.host} is a name: exposure unknown`,
      as_of: null,
      present: !!exposure,
    }),
  ];
}

/** Share of the inputs that are present and fresh, 0-1, two decimals. */
export function confidenceOf(inputs: RiskInput[]): number {
  if (!inputs.length) return 0;
  return Math.round((inputs.filter((i) => i.fresh).length / inputs.length) * 100) / 100;
}
