// IBM QRadar Log Event Extended Format, LEEF:2.0, with a tab between attributes.
import { SEVERITY_SCALE, type SiemEvent } from '../event.ts';
import { DEFAULT_PRODUCT, DEFAULT_VERSION, DEVICE_VENDOR, type ProductInfo } from './cef.ts';

/** The attribute delimiter (tab), written in the header as its hex code. */
export const LEEF_DELIMITER = '\t';
export const LEEF_DELIMITER_HEADER = 'x09';
/** Java SimpleDateFormat of devTime (QRadar parses it with this pattern). */
export const LEEF_TIME_FORMAT = "yyyy-MM-dd'T'HH:mm:ss.SSSX";

/** Header fields: `\` → `\\`, `|` → `\|`; line breaks become spaces. */
export const escapeLeefHeader = (value: string): string =>
  value.replace(/[\\|]/g, (c) => `\\${c}`).replace(/\r\n|[\r\n]/g, ' ');

/**
 * Attribute values: `\` → `\\`, tab (the delimiter) → `\t`, LF → `\n`, CR → `\r`. `=` needs no
 * escape: a value runs from the first `=` after its key to the next delimiter.
 */
export const escapeLeefValue = (value: string): string =>
  value.replace(/[\\\t\r\n]/g, (c) =>
    c === '\t' ? '\\t' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\\\',
  );

/** The attribute pairs of an event, in order; undefined values are left out. */
export function leefAttributes(event: SiemEvent): [string, string][] {
  const pairs: [string, string | number | undefined][] = [
    ['devTime', event.time],
    ['devTimeFormat', LEEF_TIME_FORMAT],
    ['sev', SEVERITY_SCALE[event.severity].leef],
    ['cat', event.category ?? event.type],
    ['src', event.sourceIp],
    ['dst', event.ip],
    ['dstPort', event.port],
    ['proto', event.protocol?.toUpperCase()],
    ['usrName', event.user],
    ['userId', event.userId],
    ['identHostName', event.host],
    ['externalId', event.id],
    ['title', event.title],
    ['msg', event.message],
    ['level', event.level],
    ['severity', event.severity],
    ['source', event.source],
    ['organizationId', event.organizationId],
    ['cve', event.cve],
    ['cvss', event.cvss],
    ['outcome', event.outcome],
    ['fields', Object.keys(event.fields).length ? JSON.stringify(event.fields) : undefined],
  ];
  return pairs.flatMap(([key, value]) =>
    value === undefined ? [] : [[key, String(value)] as [string, string]],
  );
}

/** One LEEF:2.0 record (no syslog header, no line break). */
export function formatLeef(event: SiemEvent, info: ProductInfo = {}): string {
  const header = [
    DEVICE_VENDOR,
    info.product ?? DEFAULT_PRODUCT,
    info.version ?? DEFAULT_VERSION,
    event.type,
  ]
    .map(escapeLeefHeader)
    .join('|');
  const attributes = leefAttributes(event)
    .map(([key, value]) => `${key}=${escapeLeefValue(value)}`)
    .join(LEEF_DELIMITER);
  return `LEEF:2.0|${header}|${LEEF_DELIMITER_HEADER}|${attributes}`;
}
