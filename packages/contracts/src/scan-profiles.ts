import { formatPorts, parsePorts } from './port-spec.ts';
import type { TScanType } from './scans.ts';

/** How one scan type drives the engine; the scan form's coverage text is written from it. */
export type TScanProfile = {
  /** Engine port spec, expanded into the chunks' port lists (a scan's custom ports replace it). */
  ports: string;
  /** Engine check selection: "all" or "none". */
  checks: 'all' | 'none';
  /** Port states only: no service detection, no checks. */
  portsOnly: boolean;
  /** Also probe DNS, NTP and SNMP over UDP. */
  udp: boolean;
};

/** Scan types -> engine profiles (issue 4: network, port, vulnerability, comprehensive). */
export const SCAN_PROFILES: Record<TScanType, TScanProfile> = {
  network: { ports: 'top100', checks: 'none', portsOnly: true, udp: false },
  port: { ports: 'top1000', checks: 'none', portsOnly: false, udp: false },
  vulnerability: { ports: 'top1000', checks: 'all', portsOnly: false, udp: false },
  comprehensive: { ports: 'all', checks: 'all', portsOnly: false, udp: true },
};

/** The UDP services a profile with `udp` probes (the engine's DEFAULT_UDP_PORTS: 53, 123, 161). */
const UDP_COVERAGE = 'DNS, NTP and SNMP over UDP';
const LIST_CHARS = 48;

/**
 * A port spec in words.
 * @example describePorts('top1000') // 'Top 1000 TCP ports' ; describePorts('6390,11299') // '2 TCP ports: 6390,11299'
 */
export function describePorts(spec: string): string {
  const text = spec.trim().toLowerCase();
  const top = /^top(\d+)$/.exec(text);
  if (top) return `Top ${Number(top[1])} TCP ports`;
  const ports = parsePorts(text);
  if (ports.length === 65535) return 'All 65535 TCP ports';
  const list = formatPorts(ports);
  const shown = list.length > LIST_CHARS ? `${list.slice(0, LIST_CHARS)}…` : list;
  return `${ports.length} TCP port${ports.length === 1 ? '' : 's'}: ${shown}`;
}

export type TScanCoverage = { ports: string; probes: string };

/**
 * What a scan of `type` covers: its ports (the custom list when given, else the type's
 * default) and what it does on them.
 * @example describeCoverage('port').ports // 'Top 1000 TCP ports'
 */
export function describeCoverage(type: TScanType, customPorts?: string | null): TScanCoverage {
  const profile = SCAN_PROFILES[type];
  const tcp = describePorts(customPorts || profile.ports);
  const probes = profile.portsOnly
    ? 'Open ports only'
    : profile.checks === 'all'
      ? 'Service detection and vulnerability checks'
      : 'Service detection';
  return { ports: profile.udp ? `${tcp} + ${UDP_COVERAGE}` : tcp, probes };
}
