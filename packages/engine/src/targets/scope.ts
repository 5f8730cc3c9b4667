import { BUILT_IN_DENY_V4, isCidr } from '@netguard/contracts';
import { cidrToRange, type IpRange, intToIp, ipToInt } from './ip.ts';

/**
 * Ranges no scan may touch unless explicitly allowed: cloud metadata and platform endpoints,
 * "this network", multicast, broadcast (@netguard/contracts). IPv6 needs no entry: targets are
 * IPv4 only and hostnames resolve to IPv4 only.
 */
export const DEFAULT_DENY = BUILT_IN_DENY_V4;

export type ScopeVerdict = { allowed: true } | { allowed: false; reason: string };
/** A port of an address that is never probed, and why. */
export type SkippedPort = { port: number; reason: string };

export type ScopeOptions = {
  allow?: readonly string[];
  deny?: readonly string[];
  /** Set false to drop DEFAULT_DENY (for a deployment that must scan, say, link-local). */
  defaultDeny?: boolean;
  /**
   * A further say over addresses (a server's egress policy for the person who scans): the
   * verdict for every address from `first` to `last`, asked of each range target and of every
   * address a hostname resolves to, after allow and deny.
   */
  checkAddresses?: (first: string, last: string) => ScopeVerdict;
  /** Ports of an address never probed nor reported (a server's own services), with why. */
  skipPorts?: (ip: string) => readonly SkippedPort[];
};
export type Scope = {
  /** Verdict for a whole range: allowed only when every address is in scope. */
  checkRange(range: IpRange, label: string): ScopeVerdict;
  /** Verdict for one address. */
  checkIp(ip: string): ScopeVerdict;
  /** The ports of an address that are never probed (none unless the options say). */
  skipPorts(ip: string): readonly SkippedPort[];
};

type Rule = { range: IpRange; cidr: string; why: string };

function toRules(cidrs: readonly string[], why: string): Rule[] {
  return cidrs.map((cidr) => {
    if (!isCidr(cidr)) throw new Error(`Invalid scope CIDR "${cidr}"`);
    return { range: cidrToRange(cidr), cidr, why };
  });
}

/** Builds a scope guard from allow and deny CIDR lists; the default deny list always applies. */
export function createScope(options: ScopeOptions = {}): Scope {
  const deny = [
    ...(options.defaultDeny === false ? [] : DEFAULT_DENY).map((d) => ({
      range: cidrToRange(d.cidr),
      cidr: d.cidr,
      why: d.why,
    })),
    ...toRules(options.deny ?? [], 'denied by scope'),
  ];
  const allow = options.allow?.length ? toRules(options.allow, 'allowed') : null;

  function checkRange(range: IpRange, label: string): ScopeVerdict {
    for (const rule of deny) {
      if (range.start <= rule.range.end && range.end >= rule.range.start) {
        return {
          allowed: false,
          reason: `${label} is out of scope: it overlaps ${rule.cidr} (${rule.why})`,
        };
      }
    }
    if (allow && !allow.some((r) => range.start >= r.range.start && range.end <= r.range.end)) {
      return {
        allowed: false,
        reason: `${label} is out of scope: not inside the allowed ranges ${allow.map((r) => r.cidr).join(', ')}`,
      };
    }
    const further = options.checkAddresses?.(intToIp(range.start), intToIp(range.end));
    if (further && !further.allowed)
      return { allowed: false, reason: `${label} is out of scope: ${further.reason}` };
    return { allowed: true };
  }

  return {
    checkRange,
    checkIp: (ip) => {
      const n = ipToInt(ip);
      return checkRange({ start: n, end: n }, intToIp(n));
    },
    skipPorts: (ip) => options.skipPorts?.(ip) ?? [],
  };
}
