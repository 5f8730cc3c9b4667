// What a parser must read back from a forwarded event, written out field by field from the event
// (not by the formatters), so that the receivers' output is compared with the event itself.
import type { SiemEvent } from '../event.ts';

const defined = (pairs: Record<string, string | number | undefined>) =>
  Object.fromEntries(
    Object.entries(pairs).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  );
const hasFields = (event: SiemEvent) => Object.keys(event.fields).length > 0;

export const CEF_SEVERITY = { critical: '10', high: '8', medium: '5', low: '3', info: '0' };
export const LEEF_SEVERITY = { critical: '10', high: '8', medium: '5', low: '3', info: '1' };
export const SYSLOG_SEVERITY = { critical: 2, high: 3, medium: 4, low: 5, info: 6 };

export function expectedCefExtensions(event: SiemEvent): Record<string, string> {
  return defined({
    rt: Date.parse(event.time),
    src: event.sourceIp,
    dst: event.ip,
    dhost: event.host,
    dpt: event.port,
    proto: event.protocol?.toUpperCase(),
    cat: event.category,
    outcome: event.outcome,
    suser: event.user,
    suid: event.userId,
    cs1Label: event.cve && 'CVE',
    cs1: event.cve,
    cfp1Label: event.cvss === undefined ? undefined : 'CVSS',
    cfp1: event.cvss,
    cs2Label: 'organizationId',
    cs2: event.organizationId,
    cs3Label: 'level',
    cs3: event.level,
    cs4Label: 'source',
    cs4: event.source,
    cs5Label: hasFields(event) ? 'fields' : undefined,
    cs5: hasFields(event) ? JSON.stringify(event.fields) : undefined,
    msg: event.message,
    externalId: event.id,
  });
}

export function expectedLeefAttributes(event: SiemEvent): Record<string, string> {
  return defined({
    devTime: event.time,
    devTimeFormat: "yyyy-MM-dd'T'HH:mm:ss.SSSX",
    sev: LEEF_SEVERITY[event.severity],
    cat: event.category ?? event.type,
    src: event.sourceIp,
    dst: event.ip,
    dstPort: event.port,
    proto: event.protocol?.toUpperCase(),
    usrName: event.user,
    userId: event.userId,
    identHostName: event.host,
    externalId: event.id,
    title: event.title,
    msg: event.message,
    level: event.level,
    severity: event.severity,
    source: event.source,
    organizationId: event.organizationId,
    cve: event.cve,
    cvss: event.cvss,
    outcome: event.outcome,
    fields: hasFields(event) ? JSON.stringify(event.fields) : undefined,
  });
}
