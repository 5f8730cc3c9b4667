import { estimateBasis, formatDuration, type TScanEstimate } from '@netguard/contracts';

export type TEstimateView = { duration: string; basis: string };

/**
 * The Scan Details card's estimate: a range (or one value when both ends read the same) and
 * where it comes from; no duration at all while no scan of the type was measured.
 * @example describeEstimate({ probes: 100, low_seconds: 1.1, high_seconds: 1.1, measured_scans: 1 })
 *   // { duration: '~1.1 s', basis: 'Estimate from 1 recent scan' }
 */
export function describeEstimate(estimate: TScanEstimate): TEstimateView {
  const basis = estimateBasis(estimate.measured_scans);
  const { low_seconds: low, high_seconds: high } = estimate;
  if (low === null || high === null) return { duration: 'Not estimated', basis: capital(basis) };
  const [from, to] = [formatDuration(low), formatDuration(high)];
  return { duration: from === to ? `~${from}` : `${from} – ${to}`, basis: `Estimate ${basis}` };
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
