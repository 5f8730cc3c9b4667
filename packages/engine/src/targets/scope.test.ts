import { describe, expect, it } from 'vitest';
import { cidrToRange } from './ip.ts';
import { createScope } from './scope.ts';

describe('createScope', () => {
  it('denies cloud metadata, this-network, multicast and broadcast by default', () => {
    const scope = createScope();
    for (const ip of ['169.254.169.254', '0.0.0.1', '239.1.1.1', '255.255.255.255']) {
      expect(scope.checkIp(ip).allowed).toBe(false);
    }
    expect(scope.checkIp('192.0.2.10')).toEqual({ allowed: true });
  });

  it.each([
    ['169.254.169.254', '169.254.0.0/16', 'cloud metadata of AWS, GCP, Azure, OpenStack'],
    ['100.100.100.200', '100.100.100.200/32', 'Alibaba Cloud instance metadata'],
    ['168.63.129.16', '168.63.129.16/32', 'Azure WireServer'],
    ['192.0.0.192', '192.0.0.192/32', 'Oracle Cloud Classic instance metadata'],
  ])('refuses the metadata address %s and names its range and reason', (ip, cidr, why) => {
    const verdict = createScope().checkIp(ip);
    expect(verdict.allowed).toBe(false);
    expect(verdict.allowed === false && verdict.reason).toContain(
      `${ip} is out of scope: it overlaps ${cidr} (`,
    );
    expect(verdict.allowed === false && verdict.reason).toContain(why);
  });

  it('denies only the metadata address itself, not its neighbours', () => {
    const scope = createScope();
    for (const ip of ['100.100.100.199', '168.63.129.17', '192.0.0.193']) {
      expect(scope.checkIp(ip)).toEqual({ allowed: true });
    }
  });

  it('refuses a target outside the allow list and names the allowed ranges', () => {
    const scope = createScope({ allow: ['192.0.2.0/24'] });
    expect(scope.checkIp('192.0.2.200').allowed).toBe(true);
    const verdict = scope.checkRange(cidrToRange('192.0.2.0/23'), '192.0.2.0/23');
    expect(verdict).toEqual({
      allowed: false,
      reason: '192.0.2.0/23 is out of scope: not inside the allowed ranges 192.0.2.0/24',
    });
  });

  it('applies an extra deny list on top of the allow list', () => {
    const scope = createScope({ allow: ['198.51.100.0/24'], deny: ['198.51.100.128/25'] });
    expect(scope.checkIp('198.51.100.1').allowed).toBe(true);
    expect(scope.checkIp('198.51.100.200').allowed).toBe(false);
  });

  it('lets a deployment drop the default deny list explicitly', () => {
    expect(createScope({ defaultDeny: false }).checkIp('169.254.169.254').allowed).toBe(true);
  });

  it('rejects a malformed scope CIDR with a clear error', () => {
    expect(() => createScope({ allow: ['192.0.2.0/40'] })).toThrow(
      'Invalid scope CIDR "192.0.2.0/40"',
    );
  });
});
