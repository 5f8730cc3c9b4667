import { createHash } from 'node:crypto';
import type { TFinding } from '@netguard/contracts';
import { CHECKS } from '../checks/index.ts';
import type { ScanReport } from './report.ts';

const LEVEL: Record<TFinding['severity'], 'error' | 'warning' | 'note'> = {
  critical: 'error',
  high: 'error',
  medium: 'warning',
  low: 'note',
  info: 'note',
};

/** The place a finding was seen: `tcp://192.0.2.1:443`, or the host alone. */
const locationOf = (f: TFinding) =>
  `${f.protocol}://${f.host}${f.port === null ? '' : `:${f.port}`}`;

/**
 * What makes two findings the same issue in two scans: the check, the place and the CVE; never
 * the time or the evidence, which change between scans. Code-scanning dashboards and DefectDojo
 * deduplicate on it.
 */
export function fingerprintOf(f: TFinding): string {
  const key = [f.check_id, f.protocol, f.host, f.port ?? '', f.cve_id ?? ''].join('|');
  return createHash('sha256').update(key).digest('hex');
}

/**
 * One rule per check that found something: its texts from the check's first finding (a
 * finding's description and solution are the check's own, with the place filled in), the
 * highest CVSS of its findings as `security-severity` (what GitHub and DefectDojo rank by) and
 * tags naming the kind of weakness.
 */
function rulesOf(findings: readonly TFinding[]) {
  const byCheck = new Map<string, TFinding[]>();
  for (const f of findings) byCheck.set(f.check_id, [...(byCheck.get(f.check_id) ?? []), f]);
  return [...byCheck].map(([id, found]) => {
    const first = found[0] as TFinding;
    const title = CHECKS.find((c) => c.id === id)?.title ?? first.title;
    const worst = Math.max(...found.map((f) => f.cvss_score));
    return {
      id,
      name: id,
      shortDescription: { text: title },
      fullDescription: { text: first.description || title },
      help: { text: first.solution || title, markdown: `**Solution.** ${first.solution || title}` },
      defaultConfiguration: { level: LEVEL[first.severity] },
      properties: {
        'security-severity': worst.toFixed(1),
        tags: ['security', 'network', first.vulnerability_type],
      },
    };
  });
}

/** Writes the findings as a SARIF 2.1.0 log: one rule per check, one result per finding. */
export function toSarif(report: ScanReport): object {
  const rules = rulesOf(report.findings);
  const results = report.findings.map((f) => ({
    ruleId: f.check_id,
    ruleIndex: rules.findIndex((r) => r.id === f.check_id),
    level: LEVEL[f.severity],
    message: { text: `${f.title}: ${f.description}` },
    locations: [{ physicalLocation: { artifactLocation: { uri: locationOf(f) } } }],
    partialFingerprints: { 'netguard/v1': fingerprintOf(f) },
    properties: {
      title: f.title,
      type: f.vulnerability_type,
      description: f.description,
      severity: f.severity,
      cvss: f.cvss_score,
      risk_score: f.risk_score,
      cve: f.cve_id,
      service: f.service,
      evidence: f.evidence,
      solution: f.solution,
      'security-severity': f.cvss_score.toFixed(1),
      ...(f.detection ? { detection: f.detection } : {}),
    },
  }));
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'NetGuard',
            version: '0.1.0',
            informationUri: 'https://github.com/netguard',
            rules,
          },
        },
        invocations: [{ executionSuccessful: !report.summary.cancelled, commandLine: report.args }],
        results,
      },
    ],
  };
}
