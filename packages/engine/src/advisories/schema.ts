import { z } from 'zod';

const version = z.string().trim().min(1).max(64);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}/, 'expected an ISO date (YYYY-MM-DD)');
const cveId = z.string().regex(/^CVE-\d{4}-\d{4,}$/, 'expected a CVE id such as CVE-2024-6387');

/**
 * One affected range. `introduced` is inclusive unless `introduced_exclusive` is set (absent: from
 * the first version); the upper bound is either `fixed` (exclusive) or `last_affected` (inclusive),
 * or absent when no fixed release exists.
 */
export const ZVersionRange = z
  .object({
    introduced: version.optional(),
    introduced_exclusive: z.boolean().optional(),
    fixed: version.optional(),
    last_affected: version.optional(),
  })
  .strict()
  .refine((r) => !(r.fixed && r.last_affected), 'a range has either fixed or last_affected')
  .refine((r) => r.introduced || r.fixed || r.last_affected, 'a range needs at least one bound');
export type TVersionRange = z.infer<typeof ZVersionRange>;

/** Distributions whose package versions NetGuard compares in their own order (dpkg, rpm, apk). */
export const DISTROS = ['debian', 'ubuntu', 'rhel', 'alpine'] as const;
export type TDistro = (typeof DISTROS)[number];

/**
 * A distribution release's verdict on one CVE, from its own tracker or OSV record: the first fixed
 * package version (in that distribution's version order), or not affected. Neither: not fixed yet.
 */
export const ZDistroFix = z
  .object({
    distro: z.enum(DISTROS),
    /** The release as the distribution numbers it: "12", "22.04", "9", "3.20". */
    release: z.string().trim().min(1).max(20),
    /** Source package name there: "openssh", "nginx", "redis". */
    package: z.string().trim().min(1).max(100),
    /** First fixed version, epoch included where the distribution uses one: "1:9.2p1-2+deb12u3". */
    fixed: version.optional(),
    /** The release's package never had the flaw (code not built, not reachable). */
    not_affected: z.boolean().optional(),
  })
  .strict()
  .refine((f) => !(f.fixed && f.not_affected), 'a distribution fix is fixed or not_affected');
export type TDistroFix = z.infer<typeof ZDistroFix>;

/**
 * Which part of a product the flaw lives in: only `server` flaws can fire on a listening service
 * (a client tool such as ssh-agent, or a library the service does not expose, never does).
 */
export const COMPONENTS = ['server', 'client', 'library'] as const;
export type TComponent = (typeof COMPONENTS)[number];

/** Listed in CISA's Known Exploited Vulnerabilities catalog. */
export const ZKev = z
  .object({
    date_added: isoDate.optional(),
    due_date: isoDate.optional(),
    required_action: z.string().max(1000).optional(),
    ransomware: z.boolean().optional(),
  })
  .strict();
export type TKev = z.infer<typeof ZKev>;

/** FIRST EPSS: probability of exploitation in the next 30 days, and its percentile. */
export const ZEpss = z
  .object({
    score: z.number().min(0).max(1),
    percentile: z.number().min(0).max(1),
    date: isoDate.optional(),
    /** The `#model_version` of the CSV it came from ("v2025.03.14"), never assumed. */
    model_version: z.string().max(40).optional(),
  })
  .strict();
export type TEpss = z.infer<typeof ZEpss>;

const CVSS_VERSIONS = ['2.0', '3.0', '3.1', '4.0'] as const;
/** One CVSS vector with the base score its source gives. */
const ZCvssVector = z
  .object({
    score: z.number().min(0).max(10),
    vector: z.string().max(200),
    version: z.enum(CVSS_VERSIONS),
  })
  .strict();

/** A known vulnerability of one product, matched against detected versions. */
export const ZAdvisory = z
  .object({
    id: z.string().trim().min(1).max(120),
    /** Engine product key (see products.ts), e.g. "openssh", "apache-httpd". */
    product: z.string().trim().min(1).max(60),
    /** CPE vendor:product, e.g. "openbsd:openssh". */
    cpe: z
      .string()
      .regex(/^[\w.~%!-]+:[\w.~%!-]+$/, 'expected vendor:product')
      .max(120)
      .optional(),
    title: z.string().trim().min(1).max(200).optional(),
    vulnerability_type: z.string().trim().min(1).max(100).optional(),
    affected: z.array(ZVersionRange).min(1).max(1000),
    /** Absent: the server daemon (advisories written before components were recorded). */
    component: z.enum(COMPONENTS).optional(),
    /** Distribution fixes, compared before the upstream `affected` ranges. */
    distributions: z.array(ZDistroFix).max(500).optional(),
    cve_id: cveId.nullable(),
    cvss: z
      .object({
        score: z.number().min(0).max(10),
        vector: z.string().max(200).optional(),
        version: z.enum(CVSS_VERSIONS).optional(),
        /** The vectors of the other CVSS versions the source gives (NVD's 4.0 beside its 3.1). */
        others: z.array(ZCvssVector).max(3).optional(),
      })
      .strict(),
    /** `{port}` in summary, note and solution is filled with the port of the finding. */
    summary: z.string().trim().min(1).max(3000),
    /** A caveat a person needs to judge the match, e.g. "Debian packages only". */
    note: z.string().max(1000).optional(),
    solution: z.string().trim().min(1).max(2000),
    references: z.array(z.string().url().max(500)).max(20).default([]),
    kev: ZKev.optional(),
    epss: ZEpss.optional(),
  })
  .strict();
export type TAdvisory = z.infer<typeof ZAdvisory>;
export type TAdvisoryInput = z.input<typeof ZAdvisory>;

/** CISA Vulnrichment SSVC decision points for one CVE (null: the record does not say). */
export const ZSsvc = z
  .object({
    exploitation: z.enum(['none', 'poc', 'active']).nullable(),
    automatable: z.enum(['yes', 'no']).nullable(),
    technical_impact: z.enum(['partial', 'total']).nullable(),
    timestamp: z.string().max(40).nullable(),
  })
  .strict();
export type TSsvcEntry = z.infer<typeof ZSsvc>;

/** A distribution fix as the store keeps it under its CVE: with the engine product key. */
export const ZProductDistroFix = ZDistroFix.safeExtend({
  product: z.string().trim().min(1).max(60),
});
export type TProductDistroFix = z.infer<typeof ZProductDistroFix>;

/** A distribution fix of one CVE for an engine product, as feeds deliver it. */
export type TCveDistroFix = TProductDistroFix & { cve_id: string };

/** The file `advisories import` writes and the engine loads on top of the bundled set. */
export const ZAdvisoryStore = z
  .object({
    format: z.literal('netguard-advisories'),
    version: z.literal(1),
    generated_at: z.string().max(40),
    advisories: z.array(ZAdvisory).max(500_000),
    /** KEV entries by CVE, applied to any advisory (bundled or imported) with that CVE. */
    kev: z.record(cveId, ZKev).default({}),
    /** EPSS scores by CVE, kept for CVEs that some advisory or KEV entry names. */
    epss: z.record(cveId, ZEpss).default({}),
    /**
     * Distribution fixes by CVE, applied to every advisory with that CVE and product; kept for
     * CVEs no advisory names yet (they apply when one arrives).
     */
    distributions: z.record(cveId, z.array(ZProductDistroFix).max(2000)).default({}),
    /** CISA Vulnrichment SSVC decision points by CVE. */
    ssvc: z.record(cveId, ZSsvc).default({}),
  })
  .strict();
export type TAdvisoryStore = z.infer<typeof ZAdvisoryStore>;
