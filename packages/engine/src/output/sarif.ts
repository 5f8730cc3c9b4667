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

/** Writes the findings as a SARIF 2.1.0 log: one rule per check, one result per finding. */
export function toSarif(report: ScanReport): object {
  const used = new Set(report.findings.map((f) => f.check_id));
  const rules = CHECKS.filter((c) => used.has(c.id)).map((c) => ({
    id: c.id,
    name: c.id,
    shortDescription: { text: c.title },
  }));
  for (const id of used)
    if (!rules.some((r) => r.id === id))
      rules.push({ id, name: id, shortDescription: { text: id } });
  const results = report.findings.map((f) => ({
    ruleId: f.check_id,
    ruleIndex: rules.findIndex((r) => r.id === f.check_id),
    level: LEVEL[f.severity],
    message: { text: `${f.title}: ${f.description}` },
    locations: [
      {
        physicalLocation: {
          artifactLocation: {
            uri: `${f.protocol}://${f.host}${f.port === null ? '' : `:${f.port}`}`,
          },
        },
      },
    ],
    properties: {
      severity: f.severity,
      cvss: f.cvss_score,
      risk_score: f.risk_score,
      cve: f.cve_id,
      service: f.service,
      evidence: f.evidence,
      solution: f.solution,
      'security-severity': f.cvss_score.toFixed(1),
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
