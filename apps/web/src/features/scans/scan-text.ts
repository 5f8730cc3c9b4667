import type { TScanStatus } from '@netguard/contracts';

/** Texts of the Scan page beyond the shared catalogue (spec part 1 §8), kept verbatim. */
export const SCAN_PAGE_TEXT = {
  title: 'Network Scanner',
  subtitle: 'Configure and launch a network security scan',
  startedDescription: (scanName: string) =>
    `${scanName} has been initiated and can be monitored from the dashboard`,
  launch: 'Launch Scan',
  launching: 'Starting Scan...',
} as const;

/** A scan status in words (pending reads "Waiting to start"). */
export const SCAN_STATUS_LABELS: Record<TScanStatus, string> = {
  pending: 'Waiting to start',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
