import { type TFinding, ZFinding } from '@netguard/contracts';
import { z } from 'zod';

/** Results read from one SARIF log at most (a NetGuard scan of a /16 stays well below). */
export const SARIF_MAX_RESULTS = 65_536;

const ZResult = z.object({
  ruleId: z.string().max(100),
  locations: z
    .array(
      z.object({
        physicalLocation: z.object({ artifactLocation: z.object({ uri: z.string().max(300) }) }),
      }),
    )
    .min(1),
  properties: z.record(z.string(), z.unknown()),
});
const ZLog = z.object({
  version: z.literal('2.1.0', { error: 'Not a SARIF 2.1.0 log' }),
  runs: z.array(
    z.object({
      tool: z.object({ driver: z.object({ name: z.string() }) }),
      results: z.array(z.unknown()).max(SARIF_MAX_RESULTS).default([]),
    }),
  ),
});

/** `tcp://192.0.2.1:443` → the place of a finding; null for any other URI. */
function placeOf(uri: string) {
  const m = /^(tcp|udp):\/\/([^/:]+)(?::(\d{1,5}))?$/.exec(uri);
  if (!m) return null;
  return {
    protocol: m[1] as 'tcp' | 'udp',
    host: m[2] as string,
    port: m[3] ? Number(m[3]) : null,
  };
}

/**
 * Reads back the findings of a SARIF log that NetGuard wrote (toSarif): each result's rule, place
 * and properties. Results of other tools, or that do not make a whole finding, are skipped and
 * counted; a document that is not SARIF 2.1.0 is an error with the reason.
 * @example findingsFromSarif(text, new Date().toISOString()) // { findings: [...], skipped: 0 }
 */
export function findingsFromSarif(
  text: string,
  time: string,
): { findings: TFinding[]; skipped: number } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { error: `The SARIF file is not valid JSON (${(error as Error).message})` };
  }
  const log = ZLog.safeParse(json);
  if (!log.success) return { error: `Not a SARIF 2.1.0 log: ${log.error.issues[0]?.message}` };
  const findings: TFinding[] = [];
  let skipped = 0;
  for (const run of log.data.runs) {
    for (const raw of run.results) {
      const result = ZResult.safeParse(raw);
      const place = result.success
        ? placeOf(result.data.locations[0]?.physicalLocation.artifactLocation.uri ?? '')
        : null;
      const p = result.success ? result.data.properties : {};
      const finding =
        result.success && place && run.tool.driver.name === 'NetGuard'
          ? ZFinding.safeParse({
              check_id: result.data.ruleId,
              title: p.title,
              severity: p.severity,
              vulnerability_type: p.type,
              cve_id: p.cve ?? null,
              cvss_score: p.cvss,
              risk_score: p.risk_score,
              service: p.service ?? '',
              description: p.description ?? '',
              solution: p.solution ?? '',
              evidence: p.evidence ?? '',
              mitigations: [],
              ...(p.detection ? { detection: p.detection } : {}),
              ...place,
              time,
            })
          : null;
      if (finding?.success) findings.push(finding.data);
      else skipped++;
    }
  }
  return { findings, skipped };
}
