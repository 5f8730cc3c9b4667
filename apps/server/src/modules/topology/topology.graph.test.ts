import { describe, expect, it } from 'vitest';
import { segmentOf, supernetOf, zoneOf } from './topology.graph.ts';

describe('topology graph rules', () => {
  it('groups hosts by /24 and routes segments through the smallest octet-aligned block', () => {
    expect(segmentOf('192.0.2.77')).toBe('192.0.2.0/24');
    expect(supernetOf(['10.1.2.0/24', '10.1.9.0/24'])).toBe('10.1.0.0/16');
    expect(supernetOf(['10.1.2.0/24', '10.7.2.0/24'])).toBe('10.0.0.0/8');
    expect(supernetOf(['10.1.2.0/24', '192.0.2.0/24'])).toBe('0.0.0.0/0');
  });

  it('trusts private, loopback and link-local space only', () => {
    for (const trusted of [
      '10.0.0.0/24',
      '172.16.4.0/24',
      '172.31.0.0/24',
      '192.168.1.0/24',
      '127.0.0.0/24',
    ])
      expect(zoneOf(trusted), trusted).toBe('trusted');
    for (const external of ['172.32.0.0/24', '192.0.2.0/24', '8.8.8.0/24'])
      expect(zoneOf(external), external).toBe('external');
  });
});
