import type { TRiskLevel } from '@netguard/contracts';

/** The Risk Level badge's colours (spec): low green, medium yellow, high orange, critical red. */
export const RISK_BADGE: Record<TRiskLevel, string> = {
  low: 'border-transparent bg-green-600 text-white',
  medium: 'border-transparent bg-yellow-500 text-black',
  high: 'border-transparent bg-orange-500 text-white',
  critical: 'border-transparent bg-red-600 text-white',
};

export const RISK_LABEL: Record<TRiskLevel, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};
