import { describe, expect, it } from 'vitest';
import { formatSyslog, octetFrame, syslogPriority } from './syslog.ts';
import { scanStartedEvent, vulnerabilityEvent } from './testing/events.ts';

describe('syslogPriority', () => {
  it('is facility × 8 + severity', () => {
    expect(syslogPriority(16, 2)).toBe(130);
    expect(syslogPriority(0, 0)).toBe(0);
    expect(syslogPriority(23, 7)).toBe(191);
  });

  it('refuses a facility or severity out of range', () => {
    expect(() => syslogPriority(24, 1)).toThrow('syslog facility 24 is not 0–23');
    expect(() => syslogPriority(1, 8)).toThrow('syslog severity 8 is not 0–7');
  });
});

describe('formatSyslog', () => {
  it('writes the RFC 5424 header with the event type as MSGID', () => {
    expect(formatSyslog(scanStartedEvent, 'RECORD', { hostname: 'scanner-1', procId: '42' })).toBe(
      '<134>1 2026-11-27T05:02:00.000Z scanner-1 netguard 42 scan_started - RECORD',
    );
    expect(
      formatSyslog(vulnerabilityEvent, 'R', { facility: 4, hostname: 'hôte 1', procId: '7' }),
    ).toBe('<34>1 2026-11-27T05:00:00.123Z h_te_1 netguard 7 vulnerability_found - R');
  });

  it('refuses a record with a line break', () => {
    expect(() => formatSyslog(scanStartedEvent, 'a\nb')).toThrow('holds a line break');
  });
});

describe('octetFrame', () => {
  it('prefixes the length in bytes, not characters', () => {
    expect(octetFrame('é漢').toString('utf8')).toBe('5 é漢');
    expect(octetFrame('<134>1 x').toString('utf8')).toBe('8 <134>1 x');
  });
});
