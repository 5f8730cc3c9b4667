import { z } from 'zod';
import { ZScanType } from './scans.ts';

const seconds = z.number().int().min(0).nullable();

/**
 * How long one scan type's completed scans of the organization took, from start to completion;
 * the figures are null until one has completed.
 */
export const ZScanDuration = z.object({
  scan_type: ZScanType,
  completed: z.number().int().min(0),
  median_seconds: seconds,
  fastest_seconds: seconds,
  slowest_seconds: seconds,
});
export type TScanDuration = z.infer<typeof ZScanDuration>;

/** GET /api/scans/durations: every scan type, in the order of SCAN_TYPE_VALUES. */
export const ZScanDurations = z.object({ durations: z.array(ZScanDuration) });
export type TScanDurations = z.infer<typeof ZScanDurations>;
