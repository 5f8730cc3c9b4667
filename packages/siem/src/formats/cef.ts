// ArcSight Common Event Format (CEF:0), as in "Implementing ArcSight CEF" (revision 25).
import { epochMillis, SEVERITY_SCALE, type SiemEvent } from '../event.ts';

export type ProductInfo = { product?: string; version?: string };
export const DEVICE_VENDOR = 'NetGuard';
export const DEFAULT_PRODUCT = 'Scanner';
export const DEFAULT_VERSION = '0.1.0';

/** Header fields: `\` → `\\`, `|` → `\|`; a header cannot hold a line break, so CR/LF become spaces. */
export const escapeCefHeader = (value: string): string =>
  value.replace(/[\\|]/g, (c) => `\\${c}`).replace(/\r\n|[\r\n]/g, ' ');

/** Extension values: `\` → `\\`, `=` → `\=`, LF → `\n`, CR → `\r`; `|` stays as it is. */
export const escapeCefValue = (value: string): string =>
  value.replace(/[\\=\r\n]/g, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\${c}`));

const CEF_KEY = /^[A-Za-z0-9]+$/;

/** The extension pairs of an event, in order; undefined values are left out. */
export function cefExtensions(event: SiemEvent): [string, string][] {
  const pairs: [string, string | number | undefined][] = [
    ['rt', epochMillis(event)],
    ['src', event.sourceIp],
    ['dst', event.ip],
    ['dhost', event.host],
    ['dpt', event.port],
    ['proto', event.protocol?.toUpperCase()],
    ['cat', event.category],
    ['outcome', event.outcome],
    ['suser', event.user],
    ['suid', event.userId],
    ['cs1Label', event.cve === undefined ? undefined : 'CVE'],
    ['cs1', event.cve],
    ['cfp1Label', event.cvss === undefined ? undefined : 'CVSS'],
    ['cfp1', event.cvss],
    ['cs2Label', 'organizationId'],
    ['cs2', event.organizationId],
    ['cs3Label', 'level'],
    ['cs3', event.level],
    ['cs4Label', 'source'],
    ['cs4', event.source],
    ['cs5Label', Object.keys(event.fields).length ? 'fields' : undefined],
    ['cs5', Object.keys(event.fields).length ? JSON.stringify(event.fields) : undefined],
    ['msg', event.message],
    ['externalId', event.id],
  ];
  return pairs.flatMap(([key, value]) => {
    if (!CEF_KEY.test(key)) throw new Error(`invalid CEF extension key ${JSON.stringify(key)}`);
    return value === undefined ? [] : [[key, String(value)] as [string, string]];
  });
}

/** One CEF:0 record (no syslog header, no line break). */
export function formatCef(event: SiemEvent, info: ProductInfo = {}): string {
  const header = [
    'CEF:0',
    DEVICE_VENDOR,
    info.product ?? DEFAULT_PRODUCT,
    info.version ?? DEFAULT_VERSION,
    event.type,
    event.title,
    String(SEVERITY_SCALE[event.severity].cef),
  ];
  const extension = cefExtensions(event)
    .map(([key, value]) => `${key}=${escapeCefValue(value)}`)
    .join(' ');
  return `${header.map((field, i) => (i === 0 ? field : escapeCefHeader(field))).join('|')}|${extension}`;
}
