import { describe, expect, it } from 'vitest';
import {
  scanStartedEvent,
  signInEvent,
  threatEvent,
  vulnerabilityEvent,
} from '../testing/events.ts';
import { parseLeefAttributes } from '../testing/leef-parser.ts';
import { escapeLeefHeader, escapeLeefValue, formatLeef } from './leef.ts';

describe('LEEF escaping', () => {
  it('escapes backslash, the tab delimiter and line breaks in values; = and | stay', () => {
    expect(escapeLeefValue('a\tb\\c=d|e\nf\rg')).toBe(String.raw`a\tb\\c=d|e\nf\rg`);
  });

  it('escapes backslash and pipe in the header', () => {
    expect(escapeLeefHeader(String.raw`P|x\y`)).toBe(String.raw`P\|x\\y`);
  });
});

describe('formatLeef', () => {
  it('writes the LEEF:2.0 header with the tab delimiter as x09 and tab-separated attributes', () => {
    expect(formatLeef(scanStartedEvent, { product: 'P|x', version: '2' })).toBe(
      [
        String.raw`LEEF:2.0|NetGuard|P\|x|2|scan_started|x09|devTime=2026-11-27T05:02:00.000Z`,
        "devTimeFormat=yyyy-MM-dd'T'HH:mm:ss.SSSX",
        'sev=1',
        'cat=scan_started',
        'externalId=2d9a5e3c-7f4b-4a0d-9c83-4e5f6a7b8c9d',
        'title=Scan started',
        'msg=Weekly scan of 10.0.0.0/24',
        'level=info',
        'severity=info',
        'source=netguard-scanner',
        'organizationId=6f1c2a7e-0000-4000-8000-00000000a001',
      ].join('\t'),
    );
  });

  it('keeps one attribute per tab, whatever the texts hold', () => {
    const leef = formatLeef(threatEvent);
    expect(leef).not.toMatch(/[\r\n]/);
    const attributes = leef.split('|').slice(6).join('|');
    expect(parseLeefAttributes(attributes, '\t')).toMatchObject({
      msg: 'probes\ton 1000 ports',
      src: '198.51.100.7',
      dst: '192.0.2.11',
      sev: '8',
      proto: 'UDP',
    });
    const vulnerability = formatLeef(vulnerabilityEvent);
    expect(vulnerability).toContain(String.raw`msg=line1\nline2\r\nback\\slash = eq | pipe é 漢字`);
    expect(vulnerability).toContain('\tusrName=alice=admin\t');
  });

  it('names the user by e-mail (usrName) and account id (userId)', () => {
    expect(formatLeef(signInEvent)).toContain(
      '\tusrName=alice@example.com\tuserId=7b3e9c0a-1d8f-4e4b-a0c7-7b8c9d0e1f2a\t',
    );
  });
});
