import { type TScanVulnerability, VULN_SEVERITIES } from '@netguard/contracts';

/** Findings most severe first, then by risk score, then by title. */
export function sortFindings(findings: readonly TScanVulnerability[]): TScanVulnerability[] {
  return [...findings].sort(
    (a, b) =>
      VULN_SEVERITIES.indexOf(a.severity) - VULN_SEVERITIES.indexOf(b.severity) ||
      b.risk_score - a.risk_score ||
      a.title.localeCompare(b.title),
  );
}

/**
 * Where a finding was seen: host, host:port, and the service in brackets when known.
 * @example findingLocation({ host: '127.0.0.1', port: 80, service: 'http' }) // '127.0.0.1:80 (http)'
 */
export function findingLocation(
  finding: Pick<TScanVulnerability, 'host' | 'port' | 'service'>,
): string {
  const endpoint = finding.port === null ? finding.host : `${finding.host}:${finding.port}`;
  return finding.service ? `${endpoint} (${finding.service})` : endpoint;
}
