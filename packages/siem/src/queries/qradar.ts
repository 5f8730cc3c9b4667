// IBM QRadar AQL over the LEEF 2.0 events of formats/leef.ts. QRadar maps LEEF's predefined keys
// to its normalized columns (devTime → devicetime, sev → severity, src → sourceip, dst →
// destinationip, dstPort → destinationport, usrName → username, proto → protocolid); the
// NetGuard keys (cve, cvss, title, outcome, cat …) are read as custom event properties, which
// must be extracted from the LEEF payload under the key's own name. The header's event ID (the
// NetGuard event type) is matched in the payload.
import {
  AUTH_REGEX,
  BURST_COUNT,
  BURST_MINUTES,
  LOOKBACK_DAYS,
  PORT_EVENT_TYPES,
  type QueryGenerator,
} from './common.ts';

/** LEEF keys that QRadar normalizes, and their AQL columns. */
const COLUMNS: Record<string, string> = {
  devTime: 'devicetime',
  sev: 'severity',
  src: 'sourceip',
  dst: 'destinationip',
  dstPort: 'destinationport',
  usrName: 'username',
  proto: 'PROTOCOLNAME(protocolid)',
  /** The header's event ID (not an attribute): found in the raw payload. */
  eventID: 'UTF8(payload)',
};

/** A normalized column, else the custom property named as the LEEF key. */
const reference = (key: string): string => COLUMNS[key] ?? `"${key}"`;

/** The header of formatLeef: `|<event type>|x09|` (the tab delimiter's hex code). */
const eventIs = (types: readonly string[]): string =>
  `(${types.map((t) => `UTF8(payload) LIKE '%|${t}|x09|%'`).join(' OR ')})`;

/** AQL takes comments inside the query only, not before SELECT or after the last clause. */
const customProperties = (keys: string[]) =>
  `/* needs the custom event properties ${keys.join(', ')} extracted from the NetGuard LEEF events */`;

export const qradarQueries: QueryGenerator = {
  language: 'AQL',
  reference,
  queries: {
    critical_vulnerabilities_24h: () => ({
      kind: 'dashboard',
      note: 'custom properties cve, cvss, title',
      query: [
        `SELECT DATEFORMAT(devicetime, 'yyyy-MM-dd HH:mm:ss') AS found, destinationip, destinationport, "cve", "cvss", "title"`,
        'FROM events',
        customProperties(['cve', 'cvss', 'title']),
        `WHERE ${eventIs(['vulnerability_found'])} AND severity = 10`,
        'ORDER BY devicetime DESC',
        'LIMIT 1000',
        'LAST 24 HOURS',
      ].join('\n'),
      fields: ['eventID', 'devTime', 'dst', 'dstPort', 'cve', 'cvss', 'title', 'sev'],
      filters: { eventID: 'vulnerability_found', sev: '10' },
    }),
    failed_signin_burst: () => ({
      kind: 'alert',
      note: 'custom properties outcome, cat, title',
      query: [
        'SELECT username, sourceip, COUNT(*) AS failures, MIN(devicetime) AS first_failure, MAX(devicetime) AS last_failure',
        'FROM events',
        customProperties(['outcome', 'cat', 'title']),
        `WHERE ${eventIs(['security_event'])} AND "outcome" = 'failure' AND username IS NOT NULL`,
        `  AND ("cat" IMATCHES '.*(${AUTH_REGEX}).*' OR "title" IMATCHES '.*(${AUTH_REGEX}).*')`,
        'GROUP BY username, sourceip',
        `HAVING failures >= ${BURST_COUNT}`,
        'ORDER BY failures DESC',
        `LAST ${BURST_MINUTES} MINUTES`,
      ].join('\n'),
      fields: ['eventID', 'usrName', 'src', 'devTime', 'outcome', 'cat', 'title'],
      filters: { eventID: 'security_event', outcome: 'failure' },
    }),
    new_exposed_services: () => ({
      kind: 'alert',
      query: [
        'SELECT destinationip, destinationport, PROTOCOLNAME(protocolid) AS protocol, MIN(devicetime) AS first_seen, MAX(devicetime) AS last_seen, COUNT(*) AS events',
        'FROM events',
        '/* first seen in the last 24 hours of an 8-day search: not seen in the 7 days before */',
        `WHERE ${eventIs(PORT_EVENT_TYPES)} AND destinationport > 0`,
        'GROUP BY destinationip, destinationport',
        'HAVING first_seen > NOW() - 86400000',
        'ORDER BY first_seen DESC',
        `LAST ${LOOKBACK_DAYS} DAYS`,
      ].join('\n'),
      fields: ['eventID', 'dst', 'dstPort', 'proto', 'devTime'],
      filters: { eventID: 'vulnerability_found' },
    }),
  },
};
