import { describe, expect, it } from 'vitest';
import { intToIp, ipToInt, mergeRanges } from './ip.ts';
import { iterateAddresses, planTargets } from './plan.ts';
import { createScope } from './scope.ts';

const scope = createScope();

describe('planTargets', () => {
  it('splits, trims, drops empties, reports invalid entries and de-duplicates', () => {
    const plan = planTargets(' 192.0.2.1, ,bad_host,192.0.2.1, web-01 ', scope);
    expect(plan.invalid).toEqual(['bad_host']);
    expect(plan.hostnames).toEqual(['web-01']);
    expect([...iterateAddresses(plan.ranges)]).toEqual(['192.0.2.1']);
    expect(plan.total).toBe(2);
  });

  it('expands CIDR blocks, last-octet ranges and merges overlaps so no host repeats', () => {
    const plan = planTargets(['198.51.100.0/30', '198.51.100.2-5', '198.51.100.4'], scope);
    expect([...iterateAddresses(plan.ranges)]).toEqual([
      '198.51.100.0',
      '198.51.100.1',
      '198.51.100.2',
      '198.51.100.3',
      '198.51.100.4',
      '198.51.100.5',
    ]);
  });

  it('counts a /8 without materialising it and streams lazily', () => {
    const before = process.memoryUsage().heapUsed;
    const plan = planTargets('203.0.113.0/8', scope);
    expect(plan.total).toBe(16_777_216);
    const it8 = iterateAddresses(plan.ranges);
    expect(it8.next().value).toBe('203.0.0.0');
    expect(it8.next().value).toBe('203.0.0.1');
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(20_000_000);
  });

  it('refuses ranges that touch the default deny list with a reason', () => {
    const plan = planTargets('169.254.169.254, 192.0.2.0/24, 224.0.0.1', scope);
    expect(plan.refused.map((r) => r.target)).toEqual(['169.254.169.254', '224.0.0.1']);
    expect(plan.refused[0]!.reason).toContain('cloud metadata');
    expect(plan.total).toBe(256);
  });
});

describe('ip helpers', () => {
  it('round-trips addresses at the edges of the space', () => {
    for (const ip of ['0.0.0.0', '255.255.255.255', '192.0.2.128']) {
      expect(intToIp(ipToInt(ip))).toBe(ip);
    }
  });

  it('merges adjacent ranges', () => {
    expect(
      mergeRanges([
        { start: 5, end: 9 },
        { start: 1, end: 4 },
      ]),
    ).toEqual([{ start: 1, end: 9 }]);
  });
});
