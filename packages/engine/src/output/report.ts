import type { TFinding } from '@netguard/contracts';
import type { ScanSummary } from '../engine.ts';
import type { ServiceResult } from '../types.ts';

/** Everything one run produced, for exporters that write a whole document at the end. */
export type ScanReport = {
  args: string;
  startedAt: Date;
  ports: ServiceResult[];
  findings: TFinding[];
  summary: ScanSummary;
};
