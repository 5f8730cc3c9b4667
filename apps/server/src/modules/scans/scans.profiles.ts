import type { TScanType } from '@netguard/contracts';
import { parsePorts } from '@netguard/engine';

/** How one scan type drives the engine. */
export type ScanProfile = {
  /** Engine port spec, expanded into the chunks' port lists. */
  ports: string;
  /** Engine check selection: "all" or "none". */
  checks: 'all' | 'none';
  /** Port states only: no service detection, no checks. */
  portsOnly: boolean;
  /** Also probe DNS, NTP and SNMP over UDP. */
  udp: boolean;
};

/** Scan types -> engine profiles (issue 4: network, port, vulnerability, comprehensive). */
export const SCAN_PROFILES: Record<TScanType, ScanProfile> = {
  network: { ports: 'top100', checks: 'none', portsOnly: true, udp: false },
  port: { ports: 'top1000', checks: 'none', portsOnly: false, udp: false },
  vulnerability: { ports: 'top1000', checks: 'all', portsOnly: false, udp: false },
  comprehensive: { ports: 'all', checks: 'all', portsOnly: false, udp: true },
};

/** The port list a scan type probes. */
export function profilePorts(type: TScanType): number[] {
  return parsePorts(SCAN_PROFILES[type].ports);
}
