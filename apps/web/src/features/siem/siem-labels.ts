import type {
  TSiemDeliveryState,
  TSiemEventType,
  TSiemLogLevel,
  TSiemStatus,
} from '@netguard/contracts';

export const SIEM_PAGE_TITLE = 'SIEM Integrations';

/** One line per event type for the Event Forwarding tab. */
export const SIEM_EVENT_DESCRIPTIONS: Record<TSiemEventType, string> = {
  vulnerability_found: 'A scan found a new vulnerability on one of your hosts.',
  remediation_applied: 'A remediation was applied to a vulnerability.',
  compliance_violation: 'A compliance control failed its check.',
  scan_started: 'A network or security scan started.',
  scan_completed: 'A scan finished, with its counts by severity.',
  threat_detected: 'A threat was detected in a scan or in captured traffic.',
  security_event: 'A security event of your organization (sign-ins, key and role changes).',
  incident: 'A security incident was opened or changed.',
};

export const SIEM_EVENT_LABELS: Record<TSiemEventType, string> = {
  vulnerability_found: 'Vulnerability found',
  remediation_applied: 'Remediation applied',
  compliance_violation: 'Compliance violation',
  scan_started: 'Scan started',
  scan_completed: 'Scan completed',
  threat_detected: 'Threat detected',
  security_event: 'Security event',
  incident: 'Incident',
};

export const SIEM_LEVEL_LABELS: Record<TSiemLogLevel, string> = {
  error: 'Error',
  warning: 'Warning',
  info: 'Info',
};

export const SIEM_AUTH_LABELS = {
  api_key: 'API key',
  oauth: 'OAuth',
  basic: 'Basic',
  token: 'Token',
} as const;

export const SIEM_STATUS_CLASS: Record<TSiemStatus, string> = {
  active: 'bg-emerald-100 text-emerald-800',
  inactive: 'bg-slate-100 text-slate-700',
  error: 'bg-red-100 text-red-800',
};

export const DELIVERY_STATE_LABELS: Record<TSiemDeliveryState, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  dead: 'Dead letter',
};

export const DELIVERY_STATE_CLASS: Record<TSiemDeliveryState, string> = {
  pending: 'bg-amber-100 text-amber-800',
  delivered: 'bg-emerald-100 text-emerald-800',
  dead: 'bg-red-100 text-red-800',
};

/** The delivery log's filter: every state, or one. */
export const DELIVERY_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'dead', label: 'Dead letters' },
] as const;
export type TDeliveryFilter = (typeof DELIVERY_FILTERS)[number]['value'];
