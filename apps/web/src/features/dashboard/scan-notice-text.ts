/** Texts of the realtime scan notices (spec part 1 §8), kept verbatim. */
export const SCAN_NOTICE_TEXT = {
  completedTitle: 'Scan completed',
  completedDescription: (scanName: string) => `${scanName} has finished successfully`,
  failedTitle: 'Scan failed',
  failedDescription: (scanName: string) => `${scanName} encountered an error`,
  completedCard: 'The scan finished successfully. Its results are now available.',
  newFindingsTitle: 'New vulnerabilities detected',
  newFindingsDescription: (count: number) => `${count} new security issues found`,
  securityAlertTitle: 'Security Alert',
  securityAlertDescription: (count: number) =>
    `${count} new ${count === 1 ? 'vulnerability has' : 'vulnerabilities have'} been detected in your scans.`,
} as const;
