// Sumo Logic queries over the JSON lines of http/sumo.ts (one SiemEvent per line), found by the
// source category and parsed with the json operator.
import {
  AUTH_WORDS,
  BURST_COUNT,
  BURST_MINUTES,
  LOOKBACK_DAYS,
  PORT_EVENT_TYPES,
  type QueryGenerator,
  quote,
  type SiemQueryOptions,
} from './common.ts';

const DAY_MS = 86_400_000;

const scope = (o: SiemQueryOptions, keyword: string) =>
  `_sourceCategory=${o.category ? quote(o.category) : 'netguard*'}${keyword ? ` ${quote(keyword)}` : ''}`;

/** `| json "a", "b" as a, b nodrop`: the SiemEvent keys the query reads. */
const json = (keys: readonly string[]) =>
  `| json ${keys.map(quote).join(', ')} as ${keys.join(', ')} nodrop`;

const since = (ms: number) => `| where _messageTime >= now() - ${ms}`;

const CRITICAL = ['type', 'severity', 'ip', 'port', 'cve', 'cvss', 'title'] as const;
const SIGNIN = ['type', 'outcome', 'user', 'sourceIp', 'category', 'title'] as const;
const PORTS = ['type', 'ip', 'port', 'protocol'] as const;

export const sumoQueries: QueryGenerator = {
  language: 'Sumo Logic',
  queries: {
    critical_vulnerabilities_24h: (o) => ({
      kind: 'dashboard',
      query: [
        scope(o, 'vulnerability_found'),
        json(CRITICAL),
        '| where type = "vulnerability_found" and severity = "critical"',
        since(DAY_MS),
        '| count as findings, max(cvss) as max_cvss by ip, port, cve, title',
        '| sort by max_cvss',
      ].join('\n'),
      fields: CRITICAL,
      filters: { type: 'vulnerability_found', severity: 'critical' },
    }),
    failed_signin_burst: (o) => ({
      kind: 'alert',
      note: `${BURST_MINUTES}-minute timeslices`,
      query: [
        scope(o, 'security_event'),
        json(SIGNIN),
        '| where type = "security_event" and outcome = "failure" and !isBlank(user)',
        '| toLowerCase(concat(category, " ", title)) as about',
        `| where ${AUTH_WORDS.map((w) => `about matches "*${w}*"`).join(' or ')}`,
        since(3_600_000),
        `| timeslice ${BURST_MINUTES}m`,
        '| count as failures by _timeslice, user, sourceIp',
        `| where failures >= ${BURST_COUNT}`,
        '| sort by failures',
      ].join('\n'),
      fields: SIGNIN,
      filters: { type: 'security_event', outcome: 'failure' },
    }),
    new_exposed_services: (o) => ({
      kind: 'alert',
      note: `search over the last ${LOOKBACK_DAYS} days`,
      query: [
        scope(o, ''),
        json(PORTS),
        `| where (${PORT_EVENT_TYPES.map((t) => `type = ${quote(t)}`).join(' or ')}) and !isBlank(port)`,
        since(LOOKBACK_DAYS * DAY_MS),
        '| min(_messageTime) as first_seen, max(_messageTime) as last_seen, count as events by ip, port, protocol',
        `| where first_seen >= now() - ${DAY_MS}`,
        '| sort by first_seen',
      ].join('\n'),
      fields: PORTS,
      filters: { type: 'vulnerability_found' },
    }),
  },
};
