import type { TCloudExposure, TCloudScanStatus } from '@netguard/contracts';

/** The page's title (spec part 2: the Cloud Integrations page). */
export const CLOUD_PAGE_TITLE = 'Cloud Integrations';

/** A result's status as the page names it; partial says plainly that it is not a pass. */
export const SCAN_STATUS_LABELS: Record<TCloudScanStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  passed: 'Passed',
  failed: 'Failed',
  partial: 'Partial — not a pass',
  cancelled: 'Cancelled',
  error: 'Error',
};

/** What NetGuard's own TCP scan showed of a finding's public address. */
export const EXPOSURE_LABELS: Record<TCloudExposure, string> = {
  confirmed_reachable: 'Confirmed reachable',
  filtered: 'Filtered',
  not_reachable: 'Not reachable',
  unchecked: 'Unchecked',
};
