import type {
  TScanListItem,
  TScanService,
  TScanVulnerability,
  TThreatMitigationAction,
} from '@netguard/contracts';
import type {
  scanServices,
  scans,
  threatMitigationActions,
  vulnerabilities,
} from '../../db/schema.ts';

/** Picks the API fields of a scan row. */
export function toScanListItem(row: typeof scans.$inferSelect): TScanListItem {
  return {
    id: row.id,
    scan_name: row.scanName,
    scan_type: row.scanType,
    target_hosts: row.targetHosts,
    status: row.status,
    progress: row.progress,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
    ports: row.ports,
  };
}

export function toService(row: typeof scanServices.$inferSelect): TScanService {
  return {
    host: row.host,
    port: row.port,
    protocol: row.protocol === 'udp' ? 'udp' : 'tcp',
    state: row.state,
    service: row.service,
    product: row.product,
    version: row.version,
    cpe: row.cpe,
    banner: row.banner,
  };
}

function toInstructions(text: string | null): string[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed)) return parsed.map(String);
  } catch {
    // Older rows hold plain text: one instruction per line.
  }
  return text.split('\n').filter(Boolean);
}

export function toAction(
  row: typeof threatMitigationActions.$inferSelect,
): TThreatMitigationAction {
  return {
    id: row.id,
    action_type: row.actionType,
    priority: row.priority,
    status: row.status,
    title: row.title,
    description: row.description ?? '',
    estimated_time: row.estimatedTime,
    instructions: toInstructions(row.instructions),
  };
}

export function toVulnerability(
  row: typeof vulnerabilities.$inferSelect,
  actions: TThreatMitigationAction[],
): TScanVulnerability {
  const evidence =
    row.evidence === null || row.evidence === undefined
      ? null
      : typeof row.evidence === 'string'
        ? row.evidence
        : JSON.stringify(row.evidence);
  return {
    id: row.id,
    title: row.title,
    severity: row.severity,
    host: row.host,
    port: row.port,
    service: row.service,
    vulnerability_type: row.vulnerabilityType,
    cve_id: row.cveId,
    cvss_score: row.cvssScore,
    risk_score: row.riskScore ?? 0,
    description: row.description ?? '',
    solution: row.solution ?? '',
    evidence,
    detection: row.detection ?? null,
    created_at: row.createdAt.toISOString(),
    threat_mitigation_actions: actions,
  };
}
