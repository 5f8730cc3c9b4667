import {
  ASSET_CRITICALITIES,
  EXPOSURE_LEVELS,
  MISSION_PREVALENCE,
  PUBLIC_WELLBEING,
  SSVC_AUTOMATABLE,
  SSVC_EXPLOITATION,
  SSVC_TECHNICAL_IMPACT,
  VULN_SEVERITIES,
  ZDetection,
} from '@netguard/contracts';
import { z } from 'zod';

const day = z.string().max(40).nullable();

/** Everything an assessment is computed from: the finding and what the feeds and users say. */
export const ZAssessInput = z.object({
  vulnerability: z.object({
    id: z.uuid(),
    title: z.string().max(500),
    host: z.string().max(253),
    port: z.number().int().nullable(),
    cve_id: z.string().max(40).nullable(),
    cvss_score: z.number().min(0).max(10).nullable(),
    /** The CVSS vector of the CVE (from the advisory), when known. */
    cvss_vector: z.string().max(200).nullable().default(null),
    /** The CVE's vectors of other CVSS versions (NVD's 4.0 beside its 3.1): shown, not scored. */
    cvss_other_vectors: z.array(z.string().max(200)).max(3).default([]),
    risk_score: z.number().min(0).max(100).nullable(),
    solution: z.string().max(2000).nullable().default(null),
    /** The finding's severity: the score starts from it when there is neither CVSS nor risk score. */
    severity: z.enum(VULN_SEVERITIES).nullable().default(null),
  }),
  detection: ZDetection.nullable().default(null),
  /** Date of the KEV catalog imported last; null: none imported, "not listed" means nothing. */
  kev_catalog: day.default(null),
  /** The CISA KEV entry of the CVE; null: not listed (or no catalog). */
  kev: z
    .object({ date_added: day, due_date: day, ransomware: z.boolean().nullable() })
    .nullable()
    .default(null),
  /** The latest FIRST EPSS row of the CVE. */
  epss: z
    .object({
      score: z.number().min(0).max(1),
      percentile: z.number().min(0).max(1),
      date: day,
      model_version: z.string().max(60).nullable(),
    })
    .nullable()
    .default(null),
  /** CISA Vulnrichment SSVC decision points of the CVE. */
  vulnrichment: z
    .object({
      exploitation: z.enum(SSVC_EXPLOITATION).nullable(),
      automatable: z.enum(SSVC_AUTOMATABLE).nullable(),
      technical_impact: z.enum(SSVC_TECHNICAL_IMPACT).nullable(),
      assessed_at: day,
    })
    .nullable()
    .default(null),
  /** What the organization set for the host (or its tags). */
  asset: z
    .object({
      /** "host 10.0.0.5" or "tag dmz": where the context came from. */
      source: z.string().max(300),
      criticality: z.enum(ASSET_CRITICALITIES),
      mission_prevalence: z.enum(MISSION_PREVALENCE),
      public_wellbeing: z.enum(PUBLIC_WELLBEING),
      exposure: z.enum(EXPOSURE_LEVELS).nullable(),
      owner: z.string().max(120).nullable(),
    })
    .nullable()
    .default(null),
  /**
   * Where the resource can be reached from, as its source tells (a cloud finding: public address,
   * port open to any source, public access); the exposure set for the host wins over it.
   */
  reachability: z
    .object({ level: z.enum(EXPOSURE_LEVELS), reason: z.string().max(500) })
    .nullable()
    .default(null),
  /** The moment of the assessment (ISO); freshness is judged against it. */
  now: z.string().max(40).optional(),
});
export type AssessInput = z.infer<typeof ZAssessInput>;
