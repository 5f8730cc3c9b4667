// Google SecOps (Chronicle) YARA-L 2.0 rules over the UDM events of http/chronicle.ts:
// SCAN_VULN_HOST for findings, SCAN_HOST for scans, USER_LOGIN for sign-in security events
// (security_result.action BLOCK when they failed), the host under target.*.
import { BURST_COUNT, BURST_MINUTES, type QueryGenerator, USE_CASE_TITLES } from './common.ts';

type Rule = {
  name: string;
  description: string;
  severity: string;
  events: string[];
  match?: string;
  outcome?: string[];
  condition: string;
};

/** The rule's text; every event line reads `$e.<UDM field>`. */
function rule(r: Rule): string {
  const section = (name: string, lines: string[]) => [
    `  ${name}:`,
    ...lines.map((l) => `    ${l}`),
  ];
  return [
    `rule ${r.name} {`,
    ...section('meta', [
      'author = "NetGuard"',
      `description = "${r.description}"`,
      `severity = "${r.severity}"`,
    ]),
    ...section('events', r.events),
    ...(r.match ? section('match', [r.match]) : []),
    ...(r.outcome ? section('outcome', r.outcome) : []),
    ...section('condition', [r.condition]),
    '}',
  ].join('\n');
}

const NETGUARD = '$e.metadata.product_name = "NetGuard"';

export const chronicleQueries: QueryGenerator = {
  language: 'YARA-L 2.0',
  reference: (field) => `$e.${field}`,
  queries: {
    critical_vulnerabilities_24h: () => ({
      kind: 'alert',
      note: 'a detection rule; run it over the last 24 hours',
      query: rule({
        name: 'netguard_critical_vulnerabilities',
        description: USE_CASE_TITLES.critical_vulnerabilities_24h,
        severity: 'Critical',
        events: [
          NETGUARD,
          '$e.metadata.event_type = "SCAN_VULN_HOST"',
          '$e.security_result.severity = "CRITICAL"',
        ],
        condition: '$e',
      }),
      fields: ['metadata.product_name', 'metadata.event_type', 'security_result.severity'],
      filters: {
        'metadata.product_name': 'NetGuard',
        'metadata.event_type': 'SCAN_VULN_HOST',
        'security_result.severity': 'CRITICAL',
      },
    }),
    failed_signin_burst: () => ({
      kind: 'alert',
      query: rule({
        name: 'netguard_failed_signin_burst',
        description: USE_CASE_TITLES.failed_signin_burst,
        severity: 'High',
        events: [
          NETGUARD,
          '$e.metadata.event_type = "USER_LOGIN"',
          '$e.security_result.action = "BLOCK"',
          '$e.target.user.userid = $user',
          '$e.principal.ip = $ip',
        ],
        match: `$user, $ip over ${BURST_MINUTES}m`,
        outcome: ['$failures = count($e.metadata.product_log_id)'],
        condition: `#e >= ${BURST_COUNT}`,
      }),
      fields: [
        'metadata.product_name',
        'metadata.event_type',
        'security_result.action',
        'target.user.userid',
        'principal.ip',
        'metadata.product_log_id',
      ],
      filters: { 'metadata.event_type': 'USER_LOGIN', 'security_result.action': 'BLOCK' },
    }),
    new_exposed_services: () => ({
      kind: 'alert',
      // A match window is at most 48 hours: the 7-day look back is left to the detections' history.
      note: 'approximation: one detection per host and port a day; YARA-L cannot look back 7 days',
      query: rule({
        name: 'netguard_new_exposed_services',
        description: 'Open ports NetGuard reports, one detection per host and port a day',
        severity: 'Medium',
        events: [
          NETGUARD,
          '($e.metadata.event_type = "SCAN_VULN_HOST" or $e.metadata.event_type = "SCAN_HOST")',
          '$e.target.port > 0',
          '$e.target.ip = $ip',
          '$e.target.port = $port',
        ],
        match: '$ip, $port over 24h',
        outcome: ['$protocol = array_distinct($e.network.ip_protocol)'],
        condition: '$e',
      }),
      fields: [
        'metadata.product_name',
        'metadata.event_type',
        'target.port',
        'target.ip',
        'network.ip_protocol',
      ],
      filters: { 'metadata.event_type': 'SCAN_VULN_HOST' },
    }),
  },
};
