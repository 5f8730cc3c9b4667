// liblognorm's lognormalizer as the reference parser of what rsyslog stored: one rulebase for
// RFC 5424 lines carrying CEF (its `cef` field type) or LEEF 2.0 (header split by the rulebase;
// the attributes by parseLeefAttributes, an independent parser of this folder).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const LOGNORMALIZER = '/usr/bin/lognormalizer';

const SYSLOG_PREFIX =
  '<%pri:number%>1 %time:word% %hostname:word% %app:word% %procid:word% %msgid:word% - ';
const upTo = (name: string) => `%${name}:char-to{"extradata":"|"}%`;
const RULEBASE = `version=2
rule=cef:${SYSLOG_PREFIX}%record:cef%
rule=leef:${SYSLOG_PREFIX}LEEF:2.0|${['vendor', 'product', 'version', 'eventId', 'delimiter'].map(upTo).join('|')}|%attributes:rest%
`;

export type SyslogFields = {
  pri: string;
  time: string;
  hostname: string;
  app: string;
  procid: string;
  msgid: string;
};
export type CefRecord = {
  DeviceVendor: string;
  DeviceProduct: string;
  DeviceVersion: string;
  SignatureID: string;
  Name: string;
  Severity: string;
  Extensions: Record<string, string>;
};
export type CefLine = SyslogFields & { format: 'cef'; record: CefRecord };
export type LeefLine = SyslogFields & {
  format: 'leef';
  vendor: string;
  product: string;
  version: string;
  eventId: string;
  delimiter: string;
  attributes: string;
};
/** What lognormalizer could not parse, with its original text. */
export type Unparsed = { format: 'unparsed'; originalmsg: string; 'unparsed-data': string };
export type Normalized = CefLine | LeefLine | Unparsed;

/** Parses lines with lognormalizer (JSON output, one object per line; `format` from the rule's tag). */
export function normalize(lines: string[]): Normalized[] {
  if (!existsSync(LOGNORMALIZER))
    throw new Error(
      `${LOGNORMALIZER} not found: install the Debian package liblognorm-utils (apt-get install -y liblognorm-utils)`,
    );
  const dir = mkdtempSync(join(tmpdir(), 'netguard-lognorm-'));
  try {
    const rulebase = join(dir, 'siem.rb');
    writeFileSync(rulebase, RULEBASE);
    const out = execFileSync(LOGNORMALIZER, ['-r', rulebase, '-e', 'json', '-T'], {
      input: `${lines.join('\n')}\n`,
      timeout: 10_000,
      maxBuffer: 64 * 1024 * 1024,
    }).toString('utf8');
    const parsed = out
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => {
        const { 'event.tags': tags, ...fields } = JSON.parse(l) as { 'event.tags'?: string[] };
        return { format: tags?.[0] ?? 'unparsed', ...fields } as Normalized;
      });
    for (const p of parsed) if (p.format === 'cef') repairFirstKey(p.record);
    return parsed;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * liblognorm up to 2.0.6 (Debian's) drops the first character of the first extension key when no
 * space follows the header's last `|` (rsyslog/liblognorm#363; fixed upstream by PR #351). Our
 * records always start with `rt=`: a parsed `t` is put back as `rt`, and a fixed parser passes too.
 */
function repairFirstKey(record: CefRecord): void {
  const entries = Object.entries(record.Extensions);
  if (entries[0]?.[0] === 't' && !('rt' in record.Extensions))
    record.Extensions = Object.fromEntries([['rt', entries[0][1]], ...entries.slice(1)]);
}
