// Elasticsearch ES|QL over the ECS documents of formats/ecs.ts (event.action = the NetGuard event
// type, vulnerability.*, destination.*, source.ip, user.name, rule.name = the title).
import {
  AUTH_REGEX,
  BURST_COUNT,
  BURST_MINUTES,
  LOOKBACK_DAYS,
  PORT_EVENT_TYPES,
  type QueryGenerator,
  quote,
} from './common.ts';

/** The index when none is configured: the sender's index, or any netguard* index. */
export const DEFAULT_ELASTIC_INDEX = 'netguard*';

const from = (index: string | undefined) => `FROM ${index ?? DEFAULT_ELASTIC_INDEX}`;

export const elasticQueries: QueryGenerator = {
  language: 'ES|QL',
  queries: {
    critical_vulnerabilities_24h: (o) => ({
      kind: 'dashboard',
      query: [
        from(o.index),
        '| WHERE @timestamp >= NOW() - 24 hours',
        '  AND event.action == "vulnerability_found" AND vulnerability.severity == "critical"',
        '| STATS findings = COUNT(*), cvss = MAX(vulnerability.score.base), last_seen = MAX(@timestamp)',
        '  BY host.name, destination.ip, destination.port, vulnerability.id',
        '| SORT cvss DESC, last_seen DESC',
      ].join('\n'),
      fields: [
        '@timestamp',
        'event.action',
        'vulnerability.severity',
        'vulnerability.score.base',
        'host.name',
        'destination.ip',
        'destination.port',
        'vulnerability.id',
      ],
      filters: { 'event.action': 'vulnerability_found', 'vulnerability.severity': 'critical' },
    }),
    failed_signin_burst: (o) => ({
      kind: 'alert',
      note: `${BURST_MINUTES}-minute buckets`,
      query: [
        from(o.index),
        '| WHERE @timestamp >= NOW() - 1 hour',
        '  AND event.action == "security_event" AND event.outcome == "failure" AND user.name IS NOT NULL',
        `  AND TO_LOWER(rule.name) RLIKE ".*(${AUTH_REGEX}).*"`,
        '// ECS keeps the category of findings only: the sign-in test reads the title (rule.name)',
        `| STATS failures = COUNT(*) BY window = BUCKET(@timestamp, ${BURST_MINUTES} minutes), user.name, source.ip`,
        `| WHERE failures >= ${BURST_COUNT}`,
        '| SORT failures DESC',
      ].join('\n'),
      fields: [
        '@timestamp',
        'event.action',
        'event.outcome',
        'user.name',
        'rule.name',
        'source.ip',
      ],
      filters: { 'event.action': 'security_event', 'event.outcome': 'failure' },
    }),
    new_exposed_services: (o) => ({
      kind: 'alert',
      query: [
        from(o.index),
        `| WHERE @timestamp >= NOW() - ${LOOKBACK_DAYS} days`,
        `  AND event.action IN (${PORT_EVENT_TYPES.map(quote).join(', ')}) AND destination.port IS NOT NULL`,
        '| STATS first_seen = MIN(@timestamp), last_seen = MAX(@timestamp), events = COUNT(*)',
        '  BY destination.ip, destination.port, network.transport',
        '| WHERE first_seen >= NOW() - 24 hours',
        '| SORT first_seen DESC',
      ].join('\n'),
      fields: [
        '@timestamp',
        'event.action',
        'destination.port',
        'destination.ip',
        'network.transport',
      ],
      filters: { 'event.action': 'vulnerability_found' },
    }),
  },
};
