import { lookup } from 'node:dns/promises';
import { ipToInt } from './ip.ts';
import { iterateAddresses, type Refusal, type TargetPlan } from './plan.ts';
import type { Scope } from './scope.ts';

/** One host to scan: its address and, when it came from a hostname, that name. */
export type Target = { ip: string; hostname?: string };
export type Resolver = (hostname: string) => Promise<string[]>;

/** Resolves a hostname to its IPv4 addresses with the system resolver (getaddrinfo). */
export async function resolveHostname(hostname: string): Promise<string[]> {
  const records = await lookup(hostname, { family: 4, all: true });
  return [...new Set(records.map((r) => r.address))];
}

/**
 * Streams the plan's targets: range addresses first, then resolved hostnames that are in
 * scope and not already covered. Unresolvable or refused names go to onRefused.
 */
export async function* streamTargets(
  plan: TargetPlan,
  scope: Scope,
  onRefused: (refusal: Refusal) => void,
  resolve: Resolver = resolveHostname,
): AsyncGenerator<Target> {
  for (const ip of iterateAddresses(plan.ranges)) yield { ip };
  const seen = new Set<string>();
  for (const hostname of plan.hostnames) {
    let addresses: string[];
    try {
      addresses = await resolve(hostname);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      onRefused({ target: hostname, reason: `${hostname} could not be resolved (${code})` });
      continue;
    }
    // Scan the first address, like nmap; the others are usually the same machine. Every address
    // is checked: a name with one address in scope and another out of it is refused whole. The
    // address checked is the one yielded, so nothing resolves the name again (no DNS rebinding).
    const ip = addresses[0];
    if (!ip) continue;
    const refusal = addresses
      .map((address) => ({ address, verdict: scope.checkIp(address) }))
      .find((a) => !a.verdict.allowed);
    if (refusal && !refusal.verdict.allowed) {
      const reason = `${hostname} (${refusal.address}): ${refusal.verdict.reason}`;
      onRefused({ target: hostname, reason });
      continue;
    }
    const n = ipToInt(ip);
    if (seen.has(ip) || plan.ranges.some((r) => n >= r.start && n <= r.end)) continue;
    seen.add(ip);
    yield { ip, hostname };
  }
}
