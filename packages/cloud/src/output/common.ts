// What every output format shares: the catalog looked up by check id, a finding's stable
// fingerprint and the overall status of several results.
import { createHash } from 'node:crypto';
import type { CheckMeta, Finding, ScanResult, ScanStatus, Severity } from '../types.ts';

/** The check metadata by id; a finding whose check is missing fails loudly. */
export function metaIndex(checks: readonly CheckMeta[]): (id: string) => CheckMeta {
  const byId = new Map(checks.map((c) => [c.id, c]));
  return (id) => {
    const meta = byId.get(id);
    if (!meta) throw new Error(`No metadata for check ${id}`);
    return meta;
  };
}

/**
 * What makes a finding the same issue in two scans: provider, account, check and resource; never
 * the time, detail or evidence, which change between scans.
 */
export function fingerprintOf(f: Finding): string {
  return createHash('sha256')
    .update([f.provider, f.account, f.checkId, f.resourceId].join('|'))
    .digest('hex');
}

/** passed only when every result passed; partial when any is. */
export function overallStatus(results: readonly ScanResult[]): ScanStatus {
  if (results.some((r) => r.status === 'partial')) return 'partial';
  return results.some((r) => r.status === 'failed') ? 'failed' : 'passed';
}

/** GitHub's security-severity bands: critical > 9, high 7-8.9, medium 4-6.9, low below. */
export const SECURITY_SEVERITY: Record<Severity, string> = {
  critical: '9.5',
  high: '8.0',
  medium: '5.5',
  low: '3.0',
  info: '0.0',
};
