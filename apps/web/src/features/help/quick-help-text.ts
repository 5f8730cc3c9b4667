import { SCAN_TYPES, type TScanDuration } from '@netguard/contracts';

/** The Help dialog's texts (spec part 2, Help dialog), kept verbatim. */
export const QUICK_HELP_TEXT = {
  scanTimes: 'A quick scan takes 2-5 min and a deep scan 15-30 min.',
  severity: 'Critical is immediate, High is 24-48h, Medium is 1 week.',
  measuredTitle: 'Measured in your organization',
  unmeasured:
    'No scan of your organization has completed yet, so the times above are typical figures, not measurements.',
  contactSupport:
    'Support for this NetGuard server comes from the people who run it: ask your organization’s administrators.',
} as const;

/** 0 → "under 1 s", 42 → "42 s", 150 → "2.5 min", 1260 → "21 min", 4500 → "1 h 15 min". */
export function formatSeconds(seconds: number): string {
  // The server rounds to whole seconds: 0 is a scan that took less than half a second.
  if (seconds === 0) return 'under 1 s';
  if (seconds < 60) return `${seconds} s`;
  const minutes = seconds / 60;
  if (minutes < 10) return `${Math.round(minutes * 10) / 10} min`;
  if (minutes < 60) return `${Math.round(minutes)} min`;
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes - hours * 60);
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** One line per scan type with completed scans: what its scans here actually took. */
export function measuredScanTimes(durations: readonly TScanDuration[]): string[] {
  return durations.flatMap((d) => {
    const label = SCAN_TYPES.find((type) => type.value === d.scan_type)?.label ?? d.scan_type;
    if (d.completed === 0 || d.median_seconds === null) return [];
    if (d.completed === 1)
      return [`${label}: ${formatSeconds(d.median_seconds)} (1 completed scan)`];
    const range =
      d.fastest_seconds === null || d.slowest_seconds === null
        ? ''
        : `, fastest ${formatSeconds(d.fastest_seconds)}, slowest ${formatSeconds(d.slowest_seconds)}`;
    return [
      `${label}: median ${formatSeconds(d.median_seconds)} over ${d.completed} completed scans${range}`,
    ];
  });
}
