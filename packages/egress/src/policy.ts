// The egress policy: whether a connection the server opens for a tenant (a SIEM receiver, an
// identity provider, an SSH host, a cloud endpoint, a scan) may go to an address and port.
import { BlockList, isIP } from 'node:net';
import { BUILT_IN_DENY_V4, BUILT_IN_DENY_V6 } from '@netguard/contracts';

export type Endpoint = { address: string; port: number };

export type EgressPolicyOptions = {
  /** EGRESS_ALLOWED_RANGES: CIDRs tenants may reach although they are loopback or this host's. */
  allowed?: readonly string[];
  /** EGRESS_DENIED_RANGES: CIDRs no connection reaches, operators' included. */
  denied?: readonly string[];
  /** The deployment's own listeners and its database: never reached for a tenant. */
  ownEndpoints?: readonly Endpoint[];
  /** Addresses of this host (its interfaces' addresses): reached by operators only. */
  ownAddresses?: readonly string[];
};

/** Who asks: a deployment operator may reach loopback, this host and its own ports. */
export type Requester = { operator: boolean };

export type Verdict = { allowed: true } | { allowed: false; reason: string };

/** A port of an address that is refused although the address is not, and why. */
export type RefusedPort = { port: number; reason: string };

const LOOPBACK: readonly string[] = ['127.0.0.0/8', '::1/128'];

/** An address as the policy compares it: IPv4-mapped IPv6 as IPv4, no zone, lower case. */
export function canonical(address: string): string {
  const bare = address
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
    .toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  return mapped?.[1] ?? bare;
}

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** An IPv4 or IPv6 address or CIDR range as [address, prefix], or undefined when it is neither. */
function parseRange(text: string): [string, number] | undefined {
  const [address = '', bits, extra] = text.split('/');
  const ip = canonical(address);
  const max = isIP(ip) === 6 ? 128 : 32;
  const prefix = bits === undefined ? max : Number(bits);
  if (
    !isIP(ip) ||
    extra !== undefined ||
    (bits !== undefined && !/^\d{1,3}$/.test(bits)) ||
    prefix > max
  )
    return undefined;
  return [ip, prefix];
}

const ipv4ToInt = (ip: string) => ip.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
const intToIpv4 = (n: number) => [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');

/** The first and last address of each IPv4 range of `cidrs`, as integers (IPv6 ones left out). */
function ipv4Bounds(cidrs: readonly string[]): [number, number][] {
  return cidrs.flatMap((cidr) => {
    const range = parseRange(cidr);
    if (!range || isIP(range[0]) !== 4) return [];
    const size = 2 ** (32 - range[1]);
    const start = Math.floor(ipv4ToInt(range[0]) / size) * size;
    return [[start, start + size - 1] as [number, number]];
  });
}

/** Whether `text` is an IPv4 or IPv6 address or CIDR range (198.51.100.0/24, ::1/128). */
export const isRange = (text: string) => parseRange(text) !== undefined;

function blockList(cidrs: readonly string[], label: string): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const range = parseRange(cidr);
    if (!range) throw new Error(`${label}: "${cidr}" is not an address or a CIDR range`);
    list.addSubnet(range[0], range[1], family(range[0]));
  }
  return list;
}

/**
 * Builds the policy. Order: the built-in deny list and EGRESS_DENIED_RANGES refuse everyone; the
 * deployment's own ports refuse tenants; loopback and this host's addresses refuse tenants unless
 * EGRESS_ALLOWED_RANGES names them; everything else is allowed.
 */
export function createEgressPolicy(options: EgressPolicyOptions = {}) {
  const builtIn = [...BUILT_IN_DENY_V4, ...BUILT_IN_DENY_V6].map((d) => ({
    list: blockList([d.cidr], 'built-in deny list'),
    why: `${d.cidr} (${d.why})`,
  }));
  const denied = blockList(options.denied ?? [], 'EGRESS_DENIED_RANGES');
  const allowed = blockList(options.allowed ?? [], 'EGRESS_ALLOWED_RANGES');
  const loopback = blockList(LOOPBACK, 'loopback');
  const own = new Set((options.ownAddresses ?? []).map(canonical));
  const ownEndpoints = (options.ownEndpoints ?? []).map((e) => ({
    ...e,
    address: canonical(e.address),
  }));
  const wildcard = (address: string) => address === '0.0.0.0' || address === '::';
  const isOwnAddress = (ip: string) => own.has(ip) || loopback.check(ip, family(ip));
  // Where a verdict can change along the IPv4 addresses: each list's ranges start and end there.
  const bounds = ipv4Bounds([
    ...BUILT_IN_DENY_V4.map((d) => d.cidr),
    ...(options.denied ?? []),
    ...(options.allowed ?? []),
    ...LOOPBACK,
    ...own,
  ]);

  /** The verdict for one resolved address and port. */
  function check(address: string, port: number, who: Requester): Verdict {
    const ip = canonical(address);
    if (!isIP(ip)) return { allowed: false, reason: `${address} is not an IP address` };
    const where = `${ip}${port ? ` port ${port}` : ''}`;
    const hit = builtIn.find((d) => d.list.check(ip, family(ip)));
    if (hit) return { allowed: false, reason: `${where} is never reached: it is in ${hit.why}` };
    if (denied.check(ip, family(ip)))
      return { allowed: false, reason: `${where} is in EGRESS_DENIED_RANGES` };
    if (who.operator) return { allowed: true };
    // Checked before the deployment's own ports, so that one answer covers every port of this
    // host: a tenant cannot tell the database's port from a closed one.
    if (isOwnAddress(ip) && !allowed.check(ip, family(ip)))
      return {
        allowed: false,
        reason: `${where} is this server itself: only deployment operators reach it, or EGRESS_ALLOWED_RANGES allows it`,
      };
    const ownPort = ownEndpoints.some(
      (e) =>
        e.port === port &&
        // A listener on every address, or named (localhost), is on each of this host's addresses.
        (e.address === ip || ((wildcard(e.address) || !isIP(e.address)) && isOwnAddress(ip))),
    );
    if (ownPort) return { allowed: false, reason: `${where} is this deployment's own service` };
    return { allowed: true };
  }

  return {
    check,
    /**
     * The verdict for every IPv4 address from `first` to `last`, whatever the port (a scan's
     * range): refused with the reason of the first address refused. The lists' range ends split
     * the span into stretches of one verdict each, so one address of each stretch is checked.
     */
    checkRange(first: string, last: string, who: Requester): Verdict {
      if (isIP(first) !== 4 || isIP(last) !== 4)
        return { allowed: false, reason: `${first}-${last} is not an IPv4 range` };
      const low = ipv4ToInt(first);
      const high = ipv4ToInt(last);
      const starts = new Set([low]);
      for (const [start, end] of bounds)
        for (const n of [start, end + 1]) if (n > low && n <= high) starts.add(n);
      for (const n of [...starts].sort((a, b) => a - b)) {
        const verdict = check(intToIpv4(n), 0, who);
        if (!verdict.allowed) return verdict;
      }
      return { allowed: true };
    },
    /**
     * The ports of `address` refused although the address itself is not: the deployment's own
     * listeners and database where a tenant may otherwise reach (EGRESS_ALLOWED_RANGES).
     */
    refusedPorts(address: string, who: Requester): RefusedPort[] {
      if (!check(address, 0, who).allowed) return [];
      const ports = [...new Set(ownEndpoints.map((e) => e.port))];
      return ports.flatMap((port) => {
        const verdict = check(address, port, who);
        return verdict.allowed ? [] : [{ port, reason: verdict.reason }];
      });
    },
  };
}

export type EgressPolicy = ReturnType<typeof createEgressPolicy>;
