// The security suite's scores on an execution (issue 35): an MDN HTTP Observatory-style score and
// grade, an SSL Labs-style TLS grade with its caps, and the share of OWASP ASVS level-1
// requirements checked and passed. A grade the suite withheld is null, with the library's reason.
import { z } from 'zod';

export const ZSelftestScores = z.object({
  observatory: z.object({
    score: z.number().nullable(),
    grade: z.string().nullable(),
    /** Why there is no grade (a test not decided); null when graded. */
    reason: z.string().nullable(),
    modifiers: z.array(z.object({ rule: z.string(), modifier: z.number(), test_id: z.string() })),
  }),
  ssl_labs: z.object({
    score: z.number().nullable(),
    grade: z.string().nullable(),
    /** The grade before a trust problem turned it into T. */
    grade_ignoring_trust: z.string().nullable(),
    /** The caps applied, as `why → grade` (SSL Labs' rating guide). */
    caps: z.array(z.string()),
    reason: z.string().nullable(),
  }),
  asvs: z.object({
    /** ASVS 5.0 level 1 has 70 requirements. */
    total: z.number().int(),
    covered: z.number().int(),
    checked: z.number().int(),
    passed: z.number().int(),
    checked_share: z.number(),
    passed_share: z.number(),
    failed_requirements: z.array(z.string()),
  }),
});
export type TSelftestScores = z.infer<typeof ZSelftestScores>;

/** "capped at B: TLS 1.0/1.1" from the cap "TLS 1.0/1.1 → B". */
const capText = (cap: string) => {
  const m = /^(.*) → (\S+)$/.exec(cap);
  return m ? `capped at ${m[2]}: ${m[1]}` : cap;
};

/** The three score lines people read: Observatory, TLS grade and ASVS level 1. */
export function scoreLines(s: TSelftestScores): {
  observatory: string;
  tls: string;
  asvs: string;
} {
  const o = s.observatory;
  const t = s.ssl_labs;
  const trust =
    t.grade === 'T' && t.grade_ignoring_trust ? `; ${t.grade_ignoring_trust} if trusted` : '';
  const caps = t.caps.length ? ` (${t.caps.map(capText).join('; ')}${trust})` : '';
  return {
    observatory:
      o.grade === null ? `Observatory: ${o.reason}` : `Observatory ${o.score}/100 (${o.grade})`,
    tls: t.grade === null ? `TLS: ${t.reason}` : `TLS grade ${t.grade}${caps}`,
    asvs: `ASVS: checked ${s.asvs.checked} of ${s.asvs.total} level-1 requirements, ${s.asvs.passed} passed`,
  };
}
