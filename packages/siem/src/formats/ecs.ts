// Elastic Common Schema documents in the NDJSON body of the _bulk API: a `create` action with the
// event id as `_id` (a resent event is a 409 conflict, not a duplicate), then the document.
import { type EventType, emailOf, SEVERITY_SCALE, type SiemEvent } from '../event.ts';

export const ECS_VERSION = '8.11.0';

/** ECS categorization of each event type (event.kind, event.category, event.type). */
export const ECS_CATEGORIZATION: Record<
  EventType,
  { kind: 'alert' | 'event' | 'state'; category: string; type: string }
> = {
  vulnerability_found: { kind: 'state', category: 'vulnerability', type: 'info' },
  remediation_applied: { kind: 'event', category: 'configuration', type: 'change' },
  compliance_violation: { kind: 'alert', category: 'configuration', type: 'info' },
  scan_started: { kind: 'event', category: 'network', type: 'start' },
  scan_completed: { kind: 'event', category: 'network', type: 'end' },
  threat_detected: { kind: 'alert', category: 'intrusion_detection', type: 'info' },
  security_event: { kind: 'event', category: 'intrusion_detection', type: 'info' },
  incident: { kind: 'alert', category: 'threat', type: 'indicator' },
};

type Doc = Record<string, unknown>;

/** Drops undefined values and objects left empty, so that documents carry only what is known. */
function compact(value: Doc): Doc | undefined {
  const out: Doc = {};
  for (const [key, v] of Object.entries(value)) {
    const kept = v && typeof v === 'object' && !Array.isArray(v) ? compact(v as Doc) : v;
    if (kept !== undefined) out[key] = kept;
  }
  return Object.keys(out).length ? out : undefined;
}

/** The ECS document of an event; `event.severity` is the CEF scale (0–10). */
export function ecsDocument(event: SiemEvent): Doc {
  const { kind, category, type } = ECS_CATEGORIZATION[event.type];
  const isVulnerability = event.type === 'vulnerability_found' || event.cve !== undefined;
  return compact({
    '@timestamp': event.time,
    ecs: { version: ECS_VERSION },
    message: event.message,
    event: {
      id: event.id,
      kind,
      category: [category],
      type: [type],
      action: event.type,
      outcome: event.outcome,
      severity: SEVERITY_SCALE[event.severity].cef,
      provider: event.source,
      dataset: `netguard.${event.type}`,
    },
    log: { level: event.level },
    organization: { id: event.organizationId },
    rule: { name: event.title },
    vulnerability: isVulnerability
      ? {
          id: event.cve,
          enumeration: event.cve ? 'CVE' : undefined,
          severity: event.severity,
          score: { base: event.cvss },
          category: event.category ? [event.category] : undefined,
          description: event.title,
          scanner: { vendor: 'NetGuard' },
        }
      : undefined,
    host: { name: event.host, ip: event.ip ? [event.ip] : undefined },
    destination: { ip: event.ip, domain: event.host, port: event.port },
    source: { ip: event.sourceIp },
    network: { transport: event.protocol?.toLowerCase() },
    user: { name: event.user, email: emailOf(event), id: event.userId },
    netguard: { fields: Object.keys(event.fields).length ? event.fields : undefined },
  }) as Doc;
}

/** A _bulk request body: `create` action and document per event, each line ending in `\n`. */
export function formatEcsBulk(events: SiemEvent[], options: { index?: string } = {}): string {
  return events
    .map((e) => {
      const action = { create: { ...(options.index ? { _index: options.index } : {}), _id: e.id } };
      return `${JSON.stringify(action)}\n${JSON.stringify(ecsDocument(e))}\n`;
    })
    .join('');
}
