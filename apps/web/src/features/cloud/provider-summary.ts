import type { TCloudConnection, TCloudConnectionStatus, TCloudProvider } from '@netguard/contracts';

export type TProviderSummary = {
  provider: TCloudProvider;
  /** connected when any connection is; error when none is and one failed; else disconnected. */
  status: TCloudConnectionStatus;
  connections: TCloudConnection[];
  /** The newest last scan of its connections. */
  lastScan: string | null;
  /** Open, unmuted findings over its connections. */
  findings: number;
};

/** One provider card's figures from the organization's connections. */
export function summarizeProvider(
  provider: TCloudProvider,
  all: readonly TCloudConnection[],
): TProviderSummary {
  const connections = all.filter((connection) => connection.provider === provider);
  const statuses = new Set(connections.map((connection) => connection.status));
  const status = statuses.has('connected')
    ? 'connected'
    : statuses.has('error')
      ? 'error'
      : 'disconnected';
  const scans = connections.map((connection) => connection.lastScan).filter(Boolean) as string[];
  return {
    provider,
    status,
    connections,
    lastScan: scans.sort().at(-1) ?? null,
    findings: connections.reduce((sum, connection) => sum + connection.vulnerabilities, 0),
  };
}

/** Scanning is allowed only if at least one provider is connected (spec part 2 §4). */
export const hasConnectedProvider = (connections: readonly TCloudConnection[]) =>
  connections.some((connection) => connection.status === 'connected');
