import { z } from 'zod';

export const SECURITY_EVENT_TYPES = [
  'auth_attempt',
  'data_access',
  'privilege_escalation',
  'suspicious_activity',
  'security_violation',
] as const;
export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export const ZSecurityEventType = z.enum(SECURITY_EVENT_TYPES);
export const ZEventSeverity = z.enum(SEVERITIES);
export type TSecurityEventType = z.infer<typeof ZSecurityEventType>;
export type TEventSeverity = z.infer<typeof ZEventSeverity>;

const SEVERITY_WEIGHT: Record<TEventSeverity, number> = {
  low: 1,
  medium: 3,
  high: 7,
  critical: 10,
};
const TYPE_WEIGHT: Record<TSecurityEventType, number> = {
  auth_attempt: 2,
  data_access: 3,
  privilege_escalation: 8,
  suspicious_activity: 6,
  security_violation: 9,
};

/** Event risk score = severity weight + event-type weight (spec part 2 §9). */
export function eventRiskScore(type: TSecurityEventType, severity: TEventSeverity): number {
  return SEVERITY_WEIGHT[severity] + TYPE_WEIGHT[type];
}

/** Vulnerability severities, from most to least severe. */
export const VULN_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type TVulnSeverity = (typeof VULN_SEVERITIES)[number];
