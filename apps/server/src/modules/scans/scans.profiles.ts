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
};

/**
 * Scan types -> engine profiles. UDP probes for "comprehensive" are not offered by the engine's
 * public options yet, so comprehensive is all 65535 TCP ports with every check.
 */
export const SCAN_PROFILES: Record<TScanType, ScanProfile> = {
  network: { ports: 'top100', checks: 'none', portsOnly: true },
  port: { ports: 'top1000', checks: 'none', portsOnly: false },
  vulnerability: { ports: 'top1000', checks: 'all', portsOnly: false },
  comprehensive: { ports: 'all', checks: 'all', portsOnly: false },
};

/** The port list a scan type probes. */
export function profilePorts(type: TScanType): number[] {
  return parsePorts(SCAN_PROFILES[type].ports);
}
