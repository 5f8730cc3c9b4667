import { SCAN_ESTIMATE_SAMPLE, type TScanEstimate } from '@netguard/contracts';

export type MeasuredScan = { seconds: number; probes: number };

const tenths = (seconds: number) => Math.round(seconds * 10) / 10;

/**
 * A scan of `probes` host-port probes at the fastest and slowest seconds-per-probe of the measured
 * scans; no range while none was measured.
 * @example estimateDuration(200, [{ seconds: 1, probes: 100 }]) // { low_seconds: 2, high_seconds: 2, ... }
 */
export function estimateDuration(probes: number, measured: readonly MeasuredScan[]): TScanEstimate {
  const sample = measured.slice(0, SCAN_ESTIMATE_SAMPLE);
  if (sample.length === 0)
    return { probes, low_seconds: null, high_seconds: null, measured_scans: 0 };
  const rates = sample.map((scan) => scan.seconds / scan.probes);
  return {
    probes,
    low_seconds: tenths(probes * Math.min(...rates)),
    high_seconds: tenths(probes * Math.max(...rates)),
    measured_scans: sample.length,
  };
}
