import { parsePorts, SCAN_PROFILES, type TScanType } from '@netguard/contracts';

export { SCAN_PROFILES };

/** The ports a scan probes: its custom list, or its type's default ports. */
export function scanPorts(scan: { scanType: TScanType; ports: string | null }): number[] {
  return parsePorts(scan.ports ?? SCAN_PROFILES[scan.scanType].ports);
}
