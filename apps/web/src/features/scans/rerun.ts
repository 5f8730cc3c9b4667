import type { TCreateScanBody, TScanListItem } from '@netguard/contracts';

/**
 * The body of a new scan that repeats `scan`: same name, type, targets and ports. It goes
 * through POST /api/scans like any scan, so the plan's limits apply.
 */
export function rerunBody(scan: TScanListItem): TCreateScanBody {
  return {
    scan_name: scan.scan_name,
    scan_type: scan.scan_type,
    target_hosts: scan.target_hosts,
    ...(scan.ports ? { ports: scan.ports } : {}),
  };
}
