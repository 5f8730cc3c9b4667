import { z } from 'zod';
import { ZCreateScanBody } from './scans.ts';

/** How many of the organization's latest measured scans of a type the estimate learns from. */
export const SCAN_ESTIMATE_SAMPLE = 5;

/** POST /api/scans/estimate: the scan form's type, targets and ports (no name needed). */
export const ZScanEstimateBody = ZCreateScanBody.omit({ scan_name: true });
export type TScanEstimateBody = z.infer<typeof ZScanEstimateBody>;

/**
 * A scan's expected duration: its host-port probes (the engine planner's addresses x the ports)
 * at the slowest and fastest rates the organization's recent scans of the type were measured at.
 * `low_seconds`/`high_seconds` are null while no such scan was measured.
 */
export const ZScanEstimate = z.object({
  probes: z.number().int().min(0),
  low_seconds: z.number().min(0).nullable(),
  high_seconds: z.number().min(0).nullable(),
  /** How many measured scans the rates come from (0: none yet). */
  measured_scans: z.number().int().min(0),
});
export type TScanEstimate = z.infer<typeof ZScanEstimate>;

/**
 * Where an estimate's rates come from, in words.
 * @example estimateBasis(3) // 'from 3 recent scans' ; estimateBasis(0) // 'no scans measured yet'
 */
export function estimateBasis(measuredScans: number): string {
  if (measuredScans === 0) return 'no scans measured yet';
  return `from ${measuredScans} recent scan${measuredScans === 1 ? '' : 's'}`;
}

/**
 * A duration in words: seconds below a minute, minutes below an hour, else hours.
 * @example formatDuration(1.1) // '1.1 s' ; formatDuration(400) // '6.7 min' ; formatDuration(0.04) // '<0.1 s'
 */
export function formatDuration(seconds: number): string {
  if (seconds < 0.1) return '<0.1 s';
  if (seconds < 10) return `${Math.round(seconds * 10) / 10} s`;
  if (seconds < 59.5) return `${Math.round(seconds)} s`;
  const minutes = seconds / 60;
  if (minutes < 10) return `${Math.round(minutes * 10) / 10} min`;
  if (minutes < 60) return `${Math.round(minutes)} min`;
  return `${Math.round((minutes / 60) * 10) / 10} h`;
}
