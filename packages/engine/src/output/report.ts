import type { TFinding } from '@netguard/contracts';
import type { HostReason } from '../discovery/discover.ts';
import type { HostPortCounts, ScanSummary } from '../port-engine.ts';
import type { ServiceResult } from '../types.ts';

/** Everything one run produced, for exporters that write a whole document at the end. */
export type ScanReport = {
  args: string;
  startedAt: Date;
  ports: ServiceResult[];
  /** Every host found up, with its name and TCP port counts when known (nmap XML lists them all). */
  hosts?: (Partial<HostPortCounts> & {
    address: string;
    hostname?: string;
    /** Why the host counts as up (nmap's status reason), when the run knows it. */
    reason?: HostReason;
  })[];
  /** The TCP ports scanned on each host. */
  tcpPorts?: readonly number[];
  findings: TFinding[];
  summary: ScanSummary;
};
