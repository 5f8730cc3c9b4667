// Splunk SPL over the HEC events of formats/hec.ts: sourcetype netguard:<event type>, and the
// SiemEvent as the event's JSON, whose keys Splunk extracts at search time (AUTO_KV_JSON).
import {
  AUTH_REGEX,
  BURST_COUNT,
  BURST_MINUTES,
  LOOKBACK_DAYS,
  PORT_EVENT_TYPES,
  type QueryGenerator,
  quote,
  type SiemQueryOptions,
} from './common.ts';

/** `search index=… sourcetype=…`: the configured sourcetype, else netguard:<type> of each type. */
function searchOf(o: SiemQueryOptions, types: readonly string[]): string {
  const index = o.index ? quote(o.index) : '*';
  const sourcetype = o.sourcetype
    ? quote(o.sourcetype)
    : types.length === 1
      ? quote(`netguard:${types[0]}`)
      : undefined;
  const bySourcetype = sourcetype
    ? `sourcetype=${sourcetype}`
    : `sourcetype IN (${types.map((t) => quote(`netguard:${t}`)).join(', ')})`;
  const byType =
    types.length === 1
      ? `type=${quote(types[0] as string)}`
      : `type IN (${types.map(quote).join(', ')})`;
  return `search index=${index} ${bySourcetype} ${byType}`;
}

export const splunkQueries: QueryGenerator = {
  language: 'SPL',
  queries: {
    critical_vulnerabilities_24h: (o) => ({
      kind: 'dashboard',
      query: [
        `${searchOf(o, ['vulnerability_found'])} severity="critical" earliest=-24h`,
        '| fillnull value="-" ip port cve',
        '| stats count AS findings, max(cvss) AS cvss, latest(_time) AS last_seen BY ip, port, cve, title',
        '| sort - cvss',
      ].join('\n'),
      fields: ['sourcetype', 'type', 'severity', 'ip', 'port', 'cve', 'cvss', 'title'],
      filters: {
        sourcetype: 'netguard:vulnerability_found',
        type: 'vulnerability_found',
        severity: 'critical',
      },
    }),
    failed_signin_burst: (o) => ({
      kind: 'alert',
      note: `${BURST_MINUTES}-minute buckets`,
      query: [
        `${searchOf(o, ['security_event'])} outcome="failure" user=* earliest=-60m`,
        `| where match(category, "(?i)${AUTH_REGEX}") OR match(title, "(?i)${AUTH_REGEX}")`,
        '| fillnull value="-" sourceIp',
        `| bin _time span=${BURST_MINUTES}m`,
        '| stats count AS failures, values(title) AS titles BY _time, user, sourceIp',
        `| where failures >= ${BURST_COUNT}`,
      ].join('\n'),
      fields: ['sourcetype', 'type', 'outcome', 'user', 'category', 'title', 'sourceIp'],
      filters: {
        sourcetype: 'netguard:security_event',
        type: 'security_event',
        outcome: 'failure',
      },
    }),
    new_exposed_services: (o) => ({
      kind: 'alert',
      query: [
        `${searchOf(o, PORT_EVENT_TYPES)} port=* earliest=-${LOOKBACK_DAYS}d`,
        '| stats min(_time) AS first_seen, max(_time) AS last_seen, count AS events, values(protocol) AS protocol BY ip, port',
        '| where first_seen >= relative_time(now(), "-24h")',
        '| convert ctime(first_seen) ctime(last_seen)',
      ].join('\n'),
      fields: ['sourcetype', 'type', 'port', 'ip', 'protocol'],
      filters: { type: 'vulnerability_found' },
    }),
  },
};
