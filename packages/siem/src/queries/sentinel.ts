// Microsoft Sentinel KQL over the custom table that the Logs Ingestion stream feeds
// (http/sentinel.ts sentinelRecord: TimeGenerated and the SiemEvent's fields as columns).
import {
  AUTH_REGEX,
  BURST_COUNT,
  BURST_MINUTES,
  LOOKBACK_DAYS,
  PORT_EVENT_TYPES,
  type QueryGenerator,
  quote,
} from './common.ts';

export const DEFAULT_SENTINEL_TABLE = 'NetGuard_CL';

/** The table a stream writes to: Custom-NetGuard_CL → NetGuard_CL. */
export const sentinelTable = (streamName?: string): string =>
  streamName ? streamName.replace(/^Custom-/, '') : DEFAULT_SENTINEL_TABLE;

export const sentinelQueries: QueryGenerator = {
  language: 'KQL',
  queries: {
    critical_vulnerabilities_24h: (o) => ({
      kind: 'dashboard',
      query: [
        sentinelTable(o.streamName),
        '| where TimeGenerated > ago(24h)',
        '| where type == "vulnerability_found" and severity == "critical"',
        '| summarize Findings = count(), MaxCvss = max(cvss), LastSeen = max(TimeGenerated) by host, ip, port, cve, title',
        '| order by MaxCvss desc, LastSeen desc',
      ].join('\n'),
      fields: ['TimeGenerated', 'type', 'severity', 'cvss', 'host', 'ip', 'port', 'cve', 'title'],
      filters: { type: 'vulnerability_found', severity: 'critical' },
    }),
    failed_signin_burst: (o) => ({
      kind: 'alert',
      note: `${BURST_MINUTES}-minute bins`,
      query: [
        sentinelTable(o.streamName),
        '| where TimeGenerated > ago(1h)',
        '| where type == "security_event" and outcome == "failure" and isnotempty(user)',
        `| where category matches regex "(?i)${AUTH_REGEX}" or title matches regex "(?i)${AUTH_REGEX}"`,
        `| summarize Failures = count(), FirstFailure = min(TimeGenerated), LastFailure = max(TimeGenerated) by user, sourceIp, bin(TimeGenerated, ${BURST_MINUTES}m)`,
        `| where Failures >= ${BURST_COUNT}`,
        '| order by Failures desc',
      ].join('\n'),
      fields: ['TimeGenerated', 'type', 'outcome', 'user', 'category', 'title', 'sourceIp'],
      filters: { type: 'security_event', outcome: 'failure' },
    }),
    new_exposed_services: (o) => ({
      kind: 'alert',
      query: [
        sentinelTable(o.streamName),
        `| where TimeGenerated > ago(${LOOKBACK_DAYS}d)`,
        `| where type in (${PORT_EVENT_TYPES.map(quote).join(', ')}) and isnotnull(port)`,
        '| summarize FirstSeen = min(TimeGenerated), LastSeen = max(TimeGenerated), Events = count() by ip, port, protocol',
        '| where FirstSeen > ago(24h)',
        '| order by FirstSeen desc',
      ].join('\n'),
      fields: ['TimeGenerated', 'type', 'port', 'ip', 'protocol'],
      filters: { type: 'vulnerability_found' },
    }),
  },
};
