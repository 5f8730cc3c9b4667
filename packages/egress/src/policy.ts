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

  return {
    /** The verdict for one resolved address and port. */
    check(address: string, port: number, who: Requester): Verdict {
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
    },
  };
}

export type EgressPolicy = ReturnType<typeof createEgressPolicy>;
