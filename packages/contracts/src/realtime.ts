import { z } from 'zod';
import { ZRealtimeCloudScanEvent } from './cloud-scans.ts';
import { ZRequestIdField } from './request-id.ts';
import { ZScanListItem } from './scans.ts';
import { SECURITY_EVENT_TYPES, SEVERITIES, VULN_SEVERITIES } from './security-events.ts';
import { textField } from './text-field.ts';

/** WebSocket endpoint of live updates. */
export const REALTIME_PATH = '/api/realtime';
export const REALTIME_CHANNELS = ['scan-updates'] as const;
export type TRealtimeChannel = (typeof REALTIME_CHANNELS)[number];
/** The first message must authenticate within this time, or the socket is closed. */
export const REALTIME_AUTH_TIMEOUT_MS = 5_000;
/** A socket that sends nothing (not even a ping) for this long is closed. */
export const REALTIME_IDLE_TIMEOUT_MS = 60_000;
/** Close code for a missing, bad or expired token. */
export const REALTIME_CLOSE_UNAUTHORIZED = 4401;

/** Messages a client sends: auth first, then subscribe and pings. */
export const ZRealtimeClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), access_token: textField().min(1).max(4096) }),
  z.object({ type: z.literal('subscribe'), channel: z.enum(REALTIME_CHANNELS) }),
  z.object({ type: z.literal('unsubscribe'), channel: z.enum(REALTIME_CHANNELS) }),
  z.object({ type: z.literal('ping') }),
]);
export type TRealtimeClientMessage = z.infer<typeof ZRealtimeClientMessage>;

/** A newly found (or reopened) vulnerability and the scan that saw it, as pushed on scan-updates. */
export const ZRealtimeVulnerability = z.object({
  id: z.uuid(),
  scan_id: z.uuid(),
  title: z.string(),
  severity: z.enum(VULN_SEVERITIES),
  host: z.string(),
  port: z.number().int().nullable(),
});
export type TRealtimeVulnerability = z.infer<typeof ZRealtimeVulnerability>;

export const ZRealtimeScanEvent = z.object({
  type: z.literal('event'),
  channel: z.literal('scan-updates'),
  event: z.enum(['INSERT', 'UPDATE']),
  table: z.literal('scans'),
  record: ZScanListItem,
  /** The request whose work changed the row (see ZRequestIdField). */
  request_id: ZRequestIdField,
});
export const ZRealtimeVulnerabilityEvent = z.object({
  type: z.literal('event'),
  channel: z.literal('scan-updates'),
  event: z.literal('INSERT'),
  table: z.literal('vulnerabilities'),
  record: ZRealtimeVulnerability,
  /** The request whose work found it (see ZRequestIdField). */
  request_id: ZRequestIdField,
});
/**
 * A critical security event of the organization, pushed to its signed-in admins only (no
 * subscription needed): the web shows it as a toast.
 */
export const ZRealtimeSecurityAlert = z.object({
  type: z.literal('security.alert'),
  event: z.object({
    id: z.uuid(),
    event_type: z.enum(SECURITY_EVENT_TYPES),
    severity: z.enum(SEVERITIES),
    description: z.string(),
    created_at: z.string(),
  }),
});
export type TRealtimeSecurityAlert = z.infer<typeof ZRealtimeSecurityAlert>;

/**
 * An execution changed state. Only its id and status travel: the page reloads it through the API,
 * which checks the caller's role.
 */
export const ZRealtimeRemediationEvent = z.object({
  type: z.literal('remediation.execution'),
  channel: z.literal('scan-updates'),
  event: z.enum(['INSERT', 'UPDATE']),
  record: z.object({ id: z.uuid(), status: z.string() }),
});
export type TRealtimeRemediationEvent = z.infer<typeof ZRealtimeRemediationEvent>;

/** A self-test execution's progress (issue 35): step, percent and status, ids only besides. */
export const ZRealtimeSelftestEvent = z.object({
  type: z.literal('selftest.execution'),
  channel: z.literal('scan-updates'),
  event: z.enum(['INSERT', 'UPDATE']),
  record: z.object({
    id: z.uuid(),
    suite_id: z.string(),
    status: z.string(),
    progress: z.number().int(),
    step: z.string(),
  }),
});
export type TRealtimeSelftestEvent = z.infer<typeof ZRealtimeSelftestEvent>;

export type TRealtimeEvent =
  | z.infer<typeof ZRealtimeScanEvent>
  | z.infer<typeof ZRealtimeVulnerabilityEvent>;

/** Messages the server sends. */
export const ZRealtimeServerMessage = z.union([
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('error'), message: z.string() }),
  z.object({ type: z.literal('subscribed'), channel: z.enum(REALTIME_CHANNELS) }),
  z.object({ type: z.literal('unsubscribed'), channel: z.enum(REALTIME_CHANNELS) }),
  z.object({ type: z.literal('pong') }),
  ZRealtimeScanEvent,
  ZRealtimeVulnerabilityEvent,
  ZRealtimeCloudScanEvent,
  ZRealtimeRemediationEvent,
  ZRealtimeSelftestEvent,
  ZRealtimeSecurityAlert,
]);
export type TRealtimeServerMessage = z.infer<typeof ZRealtimeServerMessage>;

/** NOTIFY payload on the netguard_realtime channel: ids only, never row data. */
export const ZRealtimeNotification = z.object({
  /** security_events: a critical event to alert the organization's admins of. */
  table: z.enum([
    'scans',
    'vulnerabilities',
    'security_events',
    'cloud_scans',
    'remediation_executions',
    'selftest_executions',
  ]),
  event: z.enum(['INSERT', 'UPDATE']),
  id: z.uuid(),
  organization_id: z.uuid(),
  /** The request (or job, or task) whose work changed the row, for the logs and the envelope. */
  request_id: ZRequestIdField,
});
export type TRealtimeNotification = z.infer<typeof ZRealtimeNotification>;
