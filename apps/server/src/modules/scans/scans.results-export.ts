import type { TFinding, TScanResultFormat } from '@netguard/contracts';
import { type ServiceResult, toNmapXml, toSarif } from '@netguard/engine';
import type { Executor } from '../../db/client.ts';
import type { vulnerabilities } from '../../db/schema.ts';
import { loadScanRows } from './scans.detail.ts';
import { scanPorts } from './scans.profiles.ts';
import type { ScanRow } from './scans.repo.ts';

type VulnerabilityRow = typeof vulnerabilities.$inferSelect;

/** A stored finding back in the engine's shape, as the exporters take it. */
function toFinding(v: VulnerabilityRow): TFinding {
  return {
    check_id: v.checkId ?? 'imported',
    title: v.title,
    severity: v.severity,
    vulnerability_type: v.vulnerabilityType,
    cve_id: v.cveId,
    cvss_score: v.cvssScore ?? 0,
    risk_score: v.riskScore ?? 0,
    host: v.host,
    port: v.port,
    protocol: v.protocol === 'udp' ? 'udp' : 'tcp',
    service: v.service ?? '',
    description: v.description ?? '',
    solution: v.solution ?? '',
    evidence: typeof v.evidence === 'string' ? v.evidence : JSON.stringify(v.evidence ?? ''),
    mitigations: [],
    ...(v.detection ? { detection: v.detection } : {}),
    time: v.lastSeenAt.toISOString(),
  };
}

/**
 * One scan's stored results in nmap XML or SARIF, written by the engine's own exporters. Port
 * counts that a scan does not keep (closed, filtered) are left out rather than guessed.
 */
export async function exportScanResults(db: Executor, scan: ScanRow, format: TScanResultFormat) {
  const { hosts, services, vulns } = await loadScanRows(db, scan);
  const ports: ServiceResult[] = services.map((s) => ({
    host: s.host,
    port: s.port,
    protocol: s.protocol === 'udp' ? 'udp' : 'tcp',
    state: s.state === 'open' ? 'open' : 'open|filtered',
    service: {
      name: s.service ?? 'unknown',
      ...(s.product ? { product: s.product } : {}),
      ...(s.version ? { version: s.version } : {}),
      ...(s.cpe ? { cpe: s.cpe } : {}),
    },
  }));
  const startedAt = scan.startedAt ?? scan.createdAt;
  const ended = scan.completedAt ?? startedAt;
  const up = hosts.filter((h) => h.status !== 'down');
  const report = {
    args: `netguard scan "${scan.scanName}" (${scan.scanType}) ${scan.targetHosts.join(',')}`,
    startedAt,
    ports,
    hosts: up.map((h) => ({ address: h.address, ...(h.hostname ? { hostname: h.hostname } : {}) })),
    tcpPorts: scanPorts(scan),
    findings: vulns.map(toFinding),
    summary: {
      hosts_total: hosts.length,
      hosts_up: up.length,
      ports_scanned: ports.length,
      open: ports.filter((p) => p.state === 'open').length,
      closed: 0,
      filtered: 0,
      findings: vulns.length,
      invalid: [],
      refused: [],
      cancelled: scan.status === 'cancelled',
      duration_ms: Math.max(0, ended.getTime() - startedAt.getTime()),
    },
  };
  const safeName = scan.scanName.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'scan';
  if (format === 'nmap-xml')
    return {
      body: toNmapXml(report),
      contentType: 'application/xml; charset=utf-8',
      filename: `${safeName}.xml`,
    };
  return {
    body: `${JSON.stringify(toSarif(report), null, 2)}\n`,
    contentType: 'application/sarif+json; charset=utf-8',
    filename: `${safeName}.sarif`,
  };
}
