import { describe, expect, it } from 'vitest';
import { parsePorts } from './port-spec.ts';
import { describeCoverage, describePorts, SCAN_PROFILES } from './scan-profiles.ts';

describe('describeCoverage', () => {
  it('says which ports and probes each scan type covers', () => {
    expect(describeCoverage('network')).toEqual({
      ports: 'Top 100 TCP ports',
      probes: 'Open ports only',
    });
    expect(describeCoverage('port').ports).toBe('Top 1000 TCP ports');
    expect(describeCoverage('vulnerability')).toEqual({
      ports: 'Top 1000 TCP ports',
      probes: 'Service detection and vulnerability checks',
    });
    expect(describeCoverage('comprehensive').ports).toBe(
      'All 65535 TCP ports + DNS, NTP and SNMP over UDP',
    );
  });

  it('counts the ports the profile really expands to', () => {
    for (const profile of Object.values(SCAN_PROFILES)) {
      const count = parsePorts(profile.ports).length;
      expect(describePorts(profile.ports)).toContain(String(count));
    }
  });

  it('describes a custom port list instead of the default', () => {
    expect(describeCoverage('vulnerability', '6390,11299').ports).toBe('2 TCP ports: 6390,11299');
    expect(describeCoverage('comprehensive', '22').ports).toBe(
      '1 TCP port: 22 + DNS, NTP and SNMP over UDP',
    );
    expect(describePorts('8000-8010,22,80')).toBe('13 TCP ports: 22,80,8000-8010');
    expect(describePorts(Array.from({ length: 40 }, (_, i) => i * 3 + 1).join(','))).toMatch(
      /^40 TCP ports: 1,4,7,.*…$/,
    );
  });
});
