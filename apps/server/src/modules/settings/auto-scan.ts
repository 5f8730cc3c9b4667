import type { TAutoScanFrequency } from '@netguard/contracts';

/** The next automatic re-scan after `from`, or null for "never". */
export function nextAutoScan(frequency: TAutoScanFrequency, from: Date): Date | null {
  const next = new Date(from);
  switch (frequency) {
    case 'never':
      return null;
    case 'daily':
      next.setUTCDate(next.getUTCDate() + 1);
      return next;
    case 'weekly':
      next.setUTCDate(next.getUTCDate() + 7);
      return next;
    case 'monthly':
      next.setUTCMonth(next.getUTCMonth() + 1);
      return next;
  }
}
