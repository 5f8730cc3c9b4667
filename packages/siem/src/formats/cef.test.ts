import { describe, expect, it } from 'vitest';
import { createSiemEvent } from '../event.ts';
import { scanStartedEvent, signInEvent, vulnerabilityEvent } from '../testing/events.ts';
import { cefExtensions, escapeCefHeader, escapeCefValue, formatCef } from './cef.ts';

describe('CEF escaping', () => {
  it('escapes backslash and pipe in the header, and turns line breaks into spaces', () => {
    expect(escapeCefHeader(String.raw`a|b\c=d`)).toBe(String.raw`a\|b\\c=d`);
    expect(escapeCefHeader('one\ntwo\r\nthree')).toBe('one two three');
  });

  it('escapes backslash, equals and line breaks in extension values, not the pipe', () => {
    expect(escapeCefValue('a|b\\c=d\ne\rf')).toBe(String.raw`a|b\\c\=d\ne\rf`);
    expect(escapeCefValue('é 漢字\ttab')).toBe('é 漢字\ttab');
  });
});

describe('formatCef', () => {
  it('writes the seven header fields and the extensions of a minimal event', () => {
    expect(formatCef(scanStartedEvent)).toBe(
      'CEF:0|NetGuard|Scanner|0.1.0|scan_started|Scan started|0|rt=1795755720000 ' +
        'cs2Label=organizationId cs2=6f1c2a7e-0000-4000-8000-00000000a001 cs3Label=level cs3=info ' +
        'cs4Label=source cs4=netguard-scanner msg=Weekly scan of 10.0.0.0/24 ' +
        'externalId=2d9a5e3c-7f4b-4a0d-9c83-4e5f6a7b8c9d',
    );
  });

  it('escapes the title in the header and the texts in the extensions', () => {
    const cef = formatCef(vulnerabilityEvent, { product: 'Scan|ner', version: '2.0' });
    expect(
      cef.startsWith(
        String.raw`CEF:0|NetGuard|Scan\|ner|2.0|vulnerability_found|Open \| port = risk \\ here|10|rt=`,
      ),
    ).toBe(true);
    expect(cef).toContain(String.raw` suser=alice\=admin `);
    expect(cef).toContain(
      String.raw` msg=line1\nline2\r\nback\\slash \= eq | pipe é 漢字 externalId=`,
    );
    expect(cef).toContain(
      String.raw` cs5={"scanId":"scan-1","weird key":"a|b\=c","count":3,"ok":true,"none":null} `,
    );
    expect(cef).not.toMatch(/[\r\n]/);
  });

  it('names the user by e-mail (suser) and account id (suid)', () => {
    expect(formatCef(signInEvent)).toContain(
      ' suser=alice@example.com suid=7b3e9c0a-1d8f-4e4b-a0c7-7b8c9d0e1f2a ',
    );
  });

  it('maps severities onto 0–10', () => {
    const at = (severity: 'critical' | 'high' | 'medium' | 'low' | 'info') =>
      formatCef(createSiemEvent({ ...scanStartedEvent, severity, level: undefined })).split('|')[6];
    expect(['critical', 'high', 'medium', 'low', 'info'].map((s) => at(s as 'info'))).toEqual([
      '10',
      '8',
      '5',
      '3',
      '0',
    ]);
  });

  it('uses only valid CEF keys, once each', () => {
    const keys = cefExtensions(vulnerabilityEvent).map(([k]) => k);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9]+$/);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
