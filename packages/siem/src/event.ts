// The one event NetGuard forwards to a SIEM, whatever the wire format, and how its severity maps
// onto the scales of CEF, LEEF and syslog.
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';

import {
  SIEM_DEFAULTS,
  SIEM_EVENT_TYPES,
  SIEM_LOG_LEVELS,
  SIEM_SPEC_EVENT_TYPES,
  type TSiemEventType,
  type TSiemLogLevel,
  type TSiemType,
  SIEM_TYPES as TYPES,
} from '@netguard/contracts';

/** The SIEM products the integrations page offers (spec: "A list of SIEM types"). */
export const SIEM_TYPES = TYPES;
export type SiemType = TSiemType;

/** The event types the spec lists for forwarding. */
export const SPEC_EVENT_TYPES = SIEM_SPEC_EVENT_TYPES;
/** Every event type: the spec's six plus generic security events and incidents. */
export const EVENT_TYPES = SIEM_EVENT_TYPES;
export type EventType = TSiemEventType;

export const LOG_LEVELS = SIEM_LOG_LEVELS;
export type LogLevel = TSiemLogLevel;

export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Defaults of a new SIEM configuration (spec: "Default SIEM settings on create"). */
export const DEFAULT_SOURCE = SIEM_DEFAULTS.sources[0];
export const DEFAULT_LOG_LEVELS: readonly LogLevel[] = SIEM_DEFAULTS.logLevels;
export const DEFAULT_EVENT_TYPES: readonly EventType[] = SIEM_DEFAULTS.eventTypes;

export type SiemEvent = {
  /** A UUID, stable across retries: SIEMs use it to drop duplicates (CEF/LEEF externalId). */
  id: string;
  type: EventType;
  /** ISO 8601, UTC. */
  time: string;
  level: LogLevel;
  severity: Severity;
  source: string;
  organizationId: string;
  title: string;
  message: string;
  /** The host the event is about (a scanned target): a name. */
  host?: string;
  /** The address of the host the event is about (CEF dst, LEEF dst). */
  ip?: string;
  /** Where the activity came from, when known (an attacker of threat_detected; CEF/LEEF src). */
  sourceIp?: string;
  port?: number;
  /** Transport protocol, e.g. tcp, udp. */
  protocol?: string;
  cve?: string;
  /** CVSS base score, 0 to 10. */
  cvss?: number;
  category?: string;
  outcome?: 'success' | 'failure' | 'unknown';
  /** Who acted, by e-mail (their sign-in name) when known: CEF suser, LEEF usrName, ECS user.name and user.email. */
  user?: string;
  /** The NetGuard account id of that user: CEF suid, LEEF userId, ECS user.id. */
  userId?: string;
  /** Anything else, forwarded as JSON. */
  fields: Record<string, string | number | boolean | null>;
};

export type SiemEventInput = Omit<SiemEvent, 'id' | 'time' | 'level' | 'source' | 'fields'> &
  Partial<Pick<SiemEvent, 'id' | 'time' | 'level' | 'source' | 'fields'>>;

export class InvalidSiemEvent extends Error {
  override name = 'InvalidSiemEvent';
}

/**
 * Severity on each target scale:
 * - `cef`: CEF Severity 0–10 (ArcSight: 0–3 low, 4–6 medium, 7–8 high, 9–10 very high);
 * - `leef`: LEEF `sev` 1–10;
 * - `syslog`: RFC 5424 severity (2 critical, 3 error, 4 warning, 5 notice, 6 informational);
 * - `level`: the log level an event of that severity gets when none is given.
 */
export const SEVERITY_SCALE: Record<
  Severity,
  { cef: number; leef: number; syslog: number; level: LogLevel }
> = {
  critical: { cef: 10, leef: 10, syslog: 2, level: 'error' },
  high: { cef: 8, leef: 8, syslog: 3, level: 'error' },
  medium: { cef: 5, leef: 5, syslog: 4, level: 'warning' },
  low: { cef: 3, leef: 3, syslog: 5, level: 'info' },
  info: { cef: 0, leef: 1, syslog: 6, level: 'info' },
};

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Builds a checked event: a new UUID and the current time unless given, level from severity. */
export function createSiemEvent(input: SiemEventInput, now = new Date()): SiemEvent {
  const event: SiemEvent = {
    ...input,
    id: input.id ?? randomUUID(),
    time: input.time ?? now.toISOString(),
    level: input.level ?? SEVERITY_SCALE[input.severity]?.level,
    source: input.source ?? DEFAULT_SOURCE,
    fields: input.fields ?? {},
  };
  const fail = (what: string) => {
    throw new InvalidSiemEvent(`invalid SIEM event ${event.id}: ${what}`);
  };
  if (!UUID.test(event.id)) fail(`id ${JSON.stringify(event.id)} is not a UUID`);
  if (!(EVENT_TYPES as readonly string[]).includes(event.type))
    fail(`type ${JSON.stringify(event.type)} is not one of ${EVENT_TYPES.join(', ')}`);
  if (!(SEVERITIES as readonly string[]).includes(event.severity))
    fail(`severity ${JSON.stringify(event.severity)} is not one of ${SEVERITIES.join(', ')}`);
  if (!(LOG_LEVELS as readonly string[]).includes(event.level))
    fail(`level ${JSON.stringify(event.level)} is not one of ${LOG_LEVELS.join(', ')}`);
  if (!ISO_UTC.test(event.time) || Number.isNaN(Date.parse(event.time)))
    fail(`time ${JSON.stringify(event.time)} is not an ISO 8601 UTC timestamp`);
  if (!event.title.trim()) fail('title is empty');
  if (!event.organizationId) fail('organizationId is empty');
  if (!event.source) fail('source is empty');
  if (
    event.port !== undefined &&
    !(Number.isInteger(event.port) && event.port >= 0 && event.port <= 65535)
  )
    fail(`port ${event.port} is not 0–65535`);
  if (event.cvss !== undefined && !(event.cvss >= 0 && event.cvss <= 10))
    fail(`cvss ${event.cvss} is not 0–10`);
  for (const key of ['ip', 'sourceIp'] as const) {
    const value = event[key];
    if (value !== undefined && isIP(value) === 0)
      fail(`${key} ${JSON.stringify(value)} is not an IP address`);
  }
  return event;
}

/** The event's user when it is an e-mail (events queued before users were named by e-mail carry an id). */
export const emailOf = (event: SiemEvent): string | undefined =>
  event.user && /^[^\s@]+@[^\s@]+$/.test(event.user) ? event.user : undefined;

/** Milliseconds since the epoch of the event's time. */
export const epochMillis = (event: SiemEvent): number => Date.parse(event.time);
