// RFC 5424 syslog messages carrying one SIEM record each, and the RFC 6587 octet-counting frame.
import { hostname as osHostname } from 'node:os';
import { SEVERITY_SCALE, type SiemEvent } from './event.ts';

export const APP_NAME = 'netguard';
/** Facility 16 (local0) unless the SIEM wants another; RFC 5424 allows 0–23. */
export const DEFAULT_FACILITY = 16;

export type SyslogHeader = {
  facility?: number;
  /** Default: this machine's name. */
  hostname?: string;
  appName?: string;
  procId?: string;
};

/** PRI = facility × 8 + severity (RFC 5424 §6.2.1). */
export function syslogPriority(facility: number, severity: number): number {
  if (!Number.isInteger(facility) || facility < 0 || facility > 23)
    throw new RangeError(`syslog facility ${facility} is not 0–23`);
  if (!Number.isInteger(severity) || severity < 0 || severity > 7)
    throw new RangeError(`syslog severity ${severity} is not 0–7`);
  return facility * 8 + severity;
}

/** A header field: printable US-ASCII only (other bytes become `_`), at most `max` long, `-` when empty. */
function headerField(value: string, max: number): string {
  const clean = value.replace(/[^\x21-\x7e]/g, '_').slice(0, max);
  return clean || '-';
}

/**
 * `<PRI>1 TIMESTAMP HOSTNAME APP-NAME PROCID MSGID - MSG`: the event's time, its type as MSGID, no
 * structured data, and `record` (a CEF or LEEF line) as MSG, UTF-8 without BOM. A line break in
 * the record is refused: the formats escape theirs, and a raw one would split the message.
 */
export function formatSyslog(event: SiemEvent, record: string, header: SyslogHeader = {}): string {
  if (/[\r\n]/.test(record))
    throw new Error(`syslog record of event ${event.id} holds a line break`);
  const pri = syslogPriority(
    header.facility ?? DEFAULT_FACILITY,
    SEVERITY_SCALE[event.severity].syslog,
  );
  return [
    `<${pri}>1`,
    event.time,
    headerField(header.hostname ?? osHostname(), 255),
    headerField(header.appName ?? APP_NAME, 48),
    headerField(header.procId ?? String(process.pid), 128),
    headerField(event.type, 32),
    '-',
    record,
  ].join(' ');
}

/** RFC 6587 §3.4.1 octet counting: `MSG-LEN SP SYSLOG-MSG`, the length in bytes. */
export function octetFrame(message: string): Buffer {
  const body = Buffer.from(message, 'utf8');
  return Buffer.concat([Buffer.from(`${body.length} `, 'ascii'), body]);
}
