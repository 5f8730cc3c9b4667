import { describe, expect, it } from 'vitest';
import { canonical, createEgressPolicy, isRange } from './policy.ts';

const tenant = { operator: false };
const operator = { operator: true };

describe('egress policy', () => {
  const policy = createEgressPolicy({
    allowed: ['127.77.0.0/16'],
    denied: ['198.51.100.0/24'],
    ownEndpoints: [
      { address: '127.0.0.1', port: 5432 },
      { address: '0.0.0.0', port: 8080 },
      { address: 'localhost', port: 9464 },
    ],
    ownAddresses: ['192.0.2.77'],
  });

  it('refuses metadata, platform, multicast and "this network" addresses to everyone', () => {
    for (const address of [
      '169.254.169.254',
      '::ffff:169.254.169.254',
      '[::ffff:a9fe:a9fe]',
      'fd00:ec2::254',
      'fe80::1%eth0',
      '100.100.100.200',
      '168.63.129.16',
      '0.0.0.0',
      '224.0.0.251',
      'ff02::1',
      '255.255.255.255',
    ])
      for (const who of [tenant, operator])
        expect(policy.check(address, 80, who), address).toMatchObject({
          allowed: false,
          reason: expect.stringMatching(/is never reached: it is in /),
        });
  });

  it("refuses the operator's denied ranges to operators too", () => {
    expect(policy.check('198.51.100.7', 443, operator)).toEqual({
      allowed: false,
      reason: '198.51.100.7 port 443 is in EGRESS_DENIED_RANGES',
    });
  });

  it('keeps loopback and this host to operators unless a range allows them', () => {
    for (const address of ['127.0.0.1', '127.5.5.5', '::1', '192.0.2.77'])
      expect(policy.check(address, 22, tenant).allowed, address).toBe(false);
    expect(policy.check('127.0.0.1', 22, tenant)).toMatchObject({
      reason: expect.stringMatching(/this server itself: only deployment operators/),
    });
    for (const address of ['127.0.0.1', '::1', '192.0.2.77'])
      expect(policy.check(address, 22, operator).allowed).toBe(true);
    expect(policy.check('127.77.1.2', 22, tenant).allowed).toBe(true);
  });

  it("never lets a tenant reach the deployment's own ports, allowed range or not", () => {
    const own = [
      ['127.77.1.2', 8080], // listening on every address: also on the allowed range
      ['127.77.0.9', 9464], // a listener named by host name: on each of this host's addresses
    ] as const;
    for (const [address, port] of own)
      expect(policy.check(address, port, tenant)).toEqual({
        allowed: false,
        reason: `${address} port ${port} is this deployment's own service`,
      });
    expect(policy.check('127.0.0.1', 5432, operator).allowed).toBe(true);
    expect(policy.check('127.77.1.2', 5433, tenant).allowed).toBe(true);
  });

  it("answers a tenant the same for this host's own ports and any other of its ports", () => {
    for (const [address, own, other] of [
      ['127.0.0.1', 5432, 5433],
      ['192.0.2.77', 8080, 8081],
    ] as const) {
      const reason = (port: number) =>
        (policy.check(address, port, tenant) as { reason: string }).reason;
      expect(reason(own)).toBe(reason(other).replace(`port ${other}`, `port ${own}`));
      expect(reason(own)).toMatch(/is this server itself: only deployment operators reach it/);
    }
  });

  it('checks a range as every address in it: refused when one is, with that reason', () => {
    // The allowed /16 inside loopback, a range around it, this host's address in a public /24.
    expect(policy.checkRange('127.77.0.0', '127.77.255.255', tenant)).toEqual({ allowed: true });
    expect(policy.checkRange('127.76.255.255', '127.77.0.5', tenant)).toMatchObject({
      reason: expect.stringMatching(/^127\.76\.255\.255 is this server itself/),
    });
    expect(policy.checkRange('127.77.255.0', '127.78.0.0', tenant)).toMatchObject({
      reason: expect.stringMatching(/^127\.78\.0\.0 is this server itself/),
    });
    expect(policy.checkRange('192.0.2.0', '192.0.2.255', tenant)).toMatchObject({
      reason: expect.stringMatching(/^192\.0\.2\.77 is this server itself/),
    });
    expect(policy.checkRange('192.0.2.0', '192.0.2.76', tenant)).toEqual({ allowed: true });
    expect(policy.checkRange('192.0.2.78', '192.0.2.255', tenant)).toEqual({ allowed: true });
    expect(policy.checkRange('127.0.0.0', '127.255.255.255', operator)).toEqual({ allowed: true });
    // The built-in list and EGRESS_DENIED_RANGES refuse operators as well, inside a wide range.
    expect(policy.checkRange('169.0.0.0', '169.255.255.255', operator)).toMatchObject({
      reason: expect.stringMatching(/^169\.254\.0\.0 is never reached: it is in 169\.254/),
    });
    expect(policy.checkRange('198.51.0.0', '198.51.255.255', operator)).toEqual({
      allowed: false,
      reason: '198.51.100.0 is in EGRESS_DENIED_RANGES',
    });
    expect(policy.checkRange('0.0.0.0', '255.255.255.255', operator).allowed).toBe(false);
  });

  it("names the deployment's own ports of an address a tenant may otherwise reach", () => {
    expect(policy.refusedPorts('127.77.1.2', tenant)).toEqual([
      { port: 8080, reason: "127.77.1.2 port 8080 is this deployment's own service" },
      { port: 9464, reason: "127.77.1.2 port 9464 is this deployment's own service" },
    ]);
    // Refused whole (no port to name), or an operator's, or not this host's: none.
    expect(policy.refusedPorts('127.0.0.1', tenant)).toEqual([]);
    expect(policy.refusedPorts('127.77.1.2', operator)).toEqual([]);
    expect(policy.refusedPorts('192.0.2.10', tenant)).toEqual([]);
  });

  it('allows other addresses', () => {
    expect(policy.check('192.0.2.10', 514, tenant)).toEqual({ allowed: true });
    expect(policy.check('2001:db8::1', 443, tenant)).toEqual({ allowed: true });
  });

  it('refuses what is not an address, and bad ranges when built', () => {
    expect(policy.check('example.com', 80, operator)).toMatchObject({ allowed: false });
    expect(() => createEgressPolicy({ allowed: ['127.0.0.0/33'] })).toThrow(
      /EGRESS_ALLOWED_RANGES: "127.0.0.0\/33" is not an address or a CIDR range/,
    );
    expect(() => createEgressPolicy({ denied: ['nope'] })).toThrow(/EGRESS_DENIED_RANGES/);
    for (const good of ['127.0.0.0/8', '192.0.2.3', '::1/128', 'fd00::/8', '0.0.0.0/0'])
      expect(isRange(good), good).toBe(true);
    for (const bad of [
      '127.0.0.0/',
      '127.0.0.0/8/1',
      '::1/129',
      '192.0.2.0/-1',
      '192.0.2.0/1e1',
      'x/8',
    ])
      expect(isRange(bad), bad).toBe(false);
  });

  it('compares IPv4-mapped, bracketed and zoned addresses as their plain form', () => {
    expect(canonical('::FFFF:127.0.0.1')).toBe('127.0.0.1');
    expect(canonical('[::1]')).toBe('::1');
    expect(canonical('fe80::1%lo')).toBe('fe80::1');
  });
});
