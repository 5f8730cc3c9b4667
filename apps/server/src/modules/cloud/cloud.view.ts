import type {
  TCloudConnection,
  TCloudFinding,
  TCloudScan,
  TCloudSeverityCounts,
} from '@netguard/contracts';
import { cloudFrameworksOf } from './cloud.frameworks.ts';
import type { ConnectionRow } from './cloud.repo.ts';
import type { CloudScanRow } from './cloud.scans.repo.ts';
import { maskPrincipal } from './cloud.secrets.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const NO_COUNTS: TCloudSeverityCounts = {
  critical: 0,
  high: 0,
  medium: 0,
  low: 0,
  info: 0,
  total: 0,
};

/** A connection as the API shows it: no credentials, the principal masked. */
export function toConnection(row: ConnectionRow, vulnerabilities: number): TCloudConnection {
  return {
    id: row.id,
    name: row.name,
    provider: row.provider,
    status: row.status,
    account: row.account,
    principal: row.principal ? maskPrincipal(row.principal) : null,
    region: row.region,
    lastScan: iso(row.lastScanAt),
    vulnerabilities,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toCloudScan(row: CloudScanRow): TCloudScan {
  return {
    id: row.id,
    connectionId: row.connectionId,
    connectionName: row.connectionName,
    provider: row.provider,
    status: row.status,
    progress: { done: row.progressDone, total: row.progressTotal, phase: row.phase },
    serviceScan: row.serviceScope,
    counts: row.counts ?? NO_COUNTS,
    accounts: row.accounts,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    error: row.error,
    gaps: row.gaps,
    calls: row.calls ?? { total: 0, ok: 0, denied: 0, throttled: 0, timeout: 0, error: 0 },
  };
}

/** What the finding queries select (cloud.findings.repo.ts). */
export type FindingRow = Omit<
  TCloudFinding,
  'status' | 'firstSeenAt' | 'lastSeenAt' | 'fixedAt' | 'frameworks'
> & {
  state: string;
  firstSeenAt: Date;
  lastSeenAt: Date;
  fixedAt: Date | null;
};

export function toFinding(row: FindingRow): TCloudFinding {
  const { state, ...rest } = row;
  return {
    ...rest,
    status: state === 'fixed' ? 'fixed' : row.mutedBy ? 'muted' : 'open',
    frameworks: cloudFrameworksOf(row.checkId),
    firstSeenAt: row.firstSeenAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    fixedAt: iso(row.fixedAt),
  };
}
