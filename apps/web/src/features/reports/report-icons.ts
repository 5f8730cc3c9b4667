import type { TReportType } from '@netguard/contracts';
import { Briefcase, type LucideIcon, ShieldCheck, TrendingUp, Wrench } from 'lucide-react';

/** The icon of each report type, on its generator card. */
export const REPORT_ICONS: Record<TReportType, LucideIcon> = {
  executive: Briefcase,
  technical: Wrench,
  compliance: ShieldCheck,
  trend: TrendingUp,
};
