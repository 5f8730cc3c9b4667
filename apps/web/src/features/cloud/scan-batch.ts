import { CLOUD_TEXT, type TCloudScan } from '@netguard/contracts';
import { isFinalCloudScan } from '@/features/cloud/cloud-cache';

export type TBatchToast = { kind: 'success' | 'error'; title: string; description: string };

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The toast that ends a multi-cloud scan (the scans one Run started), or null while any of them
 * is still queued or running, or when all were cancelled. "Scan Failed" when none produced a
 * result; otherwise "Multi-Cloud Scan Complete" with how the results came out.
 */
export function batchToast(scans: readonly TCloudScan[]): TBatchToast | null {
  if (scans.length === 0 || scans.some((scan) => !isFinalCloudScan(scan))) return null;
  const finished = scans.filter((scan) => scan.status !== 'cancelled');
  if (finished.length === 0) return null;
  const results = finished.filter((scan) => scan.status !== 'error');
  if (results.length === 0) {
    const reasons = [...new Set(finished.map((scan) => scan.error).filter(Boolean))];
    return {
      kind: 'error',
      title: CLOUD_TEXT.scanFailedTitle,
      description: [CLOUD_TEXT.scanFailed, ...reasons].join(': '),
    };
  }
  const findings = results.reduce((sum, scan) => sum + scan.counts.total, 0);
  const partial = results.filter((scan) => scan.status === 'partial').length;
  const errors = finished.length - results.length;
  const parts = [
    `${plural(results.length, 'result')}, ${plural(findings, 'finding')}`,
    partial ? `${partial} partial (not every check could run)` : '',
    errors ? `${plural(errors, 'connection')} failed` : '',
  ];
  return {
    kind: 'success',
    title: CLOUD_TEXT.scanComplete,
    description: parts.filter(Boolean).join('; '),
  };
}
