// ArcSight Logger searches over the CEF events of formats/cef.ts. Logger names CEF keys by their
// full names (dst → destinationAddress …); the header gives deviceVendor, deviceEventClassId (the
// NetGuard event type), name (the title) and deviceSeverity (0–10). The time range is chosen
// in the search's time picker, so each title says which range to pick.
import {
  AUTH_WORDS,
  BURST_COUNT,
  BURST_MINUTES,
  PORT_EVENT_TYPES,
  type QueryGenerator,
} from './common.ts';

/** CEF extension keys and the full names ArcSight searches them by (CEF spec, revision 25). */
const FULL_NAMES: Record<string, string> = {
  dst: 'destinationAddress',
  dhost: 'destinationHostName',
  dpt: 'destinationPort',
  src: 'sourceAddress',
  suser: 'sourceUserName',
  proto: 'transportProtocol',
  cat: 'deviceEventCategory',
  outcome: 'eventOutcome',
  cs1: 'deviceCustomString1',
  cfp1: 'deviceCustomFloatingPoint1',
};

const reference = (key: string): string => FULL_NAMES[key] ?? key;

const typeIs = (types: readonly string[]) =>
  `(${types.map((t) => `deviceEventClassId = "${t}"`).join(' OR ')})`;

const VENDOR = 'deviceVendor = "NetGuard"';

export const arcsightQueries: QueryGenerator = {
  language: 'ArcSight Logger search',
  reference,
  queries: {
    critical_vulnerabilities_24h: () => ({
      kind: 'dashboard',
      note: 'time range: last 24 hours; CVE in deviceCustomString1, CVSS in deviceCustomFloatingPoint1',
      query: [
        `${VENDOR} AND ${typeIs(['vulnerability_found'])} AND deviceSeverity = "10"`,
        '| chart count, max(deviceCustomFloatingPoint1) by destinationHostName, destinationAddress, destinationPort, deviceCustomString1, name',
      ].join('\n'),
      fields: [
        'deviceVendor',
        'deviceEventClassId',
        'deviceSeverity',
        'cfp1',
        'dhost',
        'dst',
        'dpt',
        'cs1',
        'name',
      ],
      filters: {
        deviceVendor: 'NetGuard',
        deviceEventClassId: 'vulnerability_found',
        deviceSeverity: '10',
      },
    }),
    failed_signin_burst: () => ({
      kind: 'alert',
      note: `time range: last ${BURST_MINUTES} minutes`,
      query: [
        `${VENDOR} AND ${typeIs(['security_event'])} AND eventOutcome = "failure" AND sourceUserName IS NOT NULL`,
        `  AND (${AUTH_WORDS.map((w) => `deviceEventCategory CONTAINS "${w}" OR name CONTAINS "${w}"`).join(' OR ')})`,
        '| chart count by sourceUserName, sourceAddress',
        `| where count >= ${BURST_COUNT}`,
      ].join('\n'),
      fields: ['deviceVendor', 'deviceEventClassId', 'outcome', 'suser', 'cat', 'name', 'src'],
      filters: { deviceEventClassId: 'security_event', outcome: 'failure' },
    }),
    new_exposed_services: () => ({
      kind: 'dashboard',
      note: 'approximation: time range last 24 hours, compare with a 7-day run (or an ESM active list of known services)',
      query: [
        `${VENDOR} AND ${typeIs(PORT_EVENT_TYPES)} AND destinationPort IS NOT NULL`,
        '| chart count by destinationAddress, destinationPort, transportProtocol',
      ].join('\n'),
      fields: ['deviceVendor', 'deviceEventClassId', 'dst', 'dpt', 'proto'],
      filters: { deviceEventClassId: 'vulnerability_found' },
    }),
  },
};
