// Scans and topology probes reach only what the deployment's egress policy lets the person behind
// them reach (an operator: loopback and this host too; never the built-in deny list nor
// EGRESS_DENIED_RANGES), with the scan scope (SCAN_ALLOWED_RANGES / SCAN_DENIED_RANGES) on top.
import { lookup } from 'node:dns/promises';
import { SCAN_MESSAGES } from '@netguard/contracts';
import type { EgressPolicy, Requester } from '@netguard/egress';
import { createScope, planTargets, type Scope, type ScopeOptions } from '@netguard/engine';
import type { ScanSettings } from '../../config.ts';
import type { ServerEgress } from '../../lib/egress.ts';
import { AppError } from '../../lib/errors.ts';

export type ScanEgress = Pick<ServerEgress, 'policy' | 'requester'>;
/** The scan scope's lists (SCAN_ALLOWED_RANGES, SCAN_DENIED_RANGES). */
export type ScopeLists = { allow: readonly string[]; deny: readonly string[] };

export const scopeLists = (s: Pick<ScanSettings, 'allowedRanges' | 'deniedRanges'>) => ({
  allow: s.allowedRanges,
  deny: s.deniedRanges,
});

/** Longest wait for a target's name at launch; a name still unresolved is left to the job. */
const LAUNCH_LOOKUP_MS = 2_000;

/**
 * The engine's scope for a scan run for `who`: the scan scope, then the egress policy on every
 * address (ranges and what names resolve to), and this deployment's own ports skipped.
 */
export function scanScope(lists: ScopeLists, policy: EgressPolicy, who: Requester): ScopeOptions {
  return {
    ...lists,
    checkAddresses: (first, last) => {
      const verdict = policy.checkRange(first, last, who);
      return verdict.allowed
        ? verdict
        : { allowed: false, reason: `refused by the egress policy: ${verdict.reason}` };
    },
    skipPorts: (ip) =>
      policy.refusedPorts(ip, who).map(({ port, reason }) => ({
        port,
        reason: `Not scanned: ${reason}`,
      })),
  };
}

/** Who launches: an operator only when the caller and the scan's creator both are one now. */
export async function launcher(
  egress: ScanEgress,
  callerId: string,
  creatorId = callerId,
): Promise<Requester> {
  const caller = await egress.requester(callerId);
  if (!caller.operator || creatorId === callerId) return caller;
  return egress.requester(creatorId);
}

/** The scope's reason without the address it begins with. */
const why = (reason: string) => reason.replace(/^.* is out of scope: /, '');

const refusal = (target: string, reason: string) =>
  new AppError('scope_refused', 400, SCAN_MESSAGES.scopeRefused(target, reason));

/** The addresses of a name, or none when it does not resolve in time (the job will say). */
async function addressesOf(name: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<[]>((resolve) => {
    timer = setTimeout(() => resolve([]), LAUNCH_LOOKUP_MS);
  });
  const found = lookup(name, { family: 4, all: true })
    .then((records) => records.map((r) => r.address))
    .catch(() => []);
  return Promise.race([found, late]).finally(() => clearTimeout(timer));
}

/**
 * Refuses a scan at launch (400, the scope's reason) when a target is out of scope for `who`:
 * a range, or a name one of whose addresses is. Returns how many addresses the targets cover.
 */
export async function enforceScanScope(
  lists: ScopeLists,
  egress: ScanEgress,
  who: Requester,
  targets: readonly string[],
): Promise<number> {
  const scope: Scope = createScope(scanScope(lists, egress.policy(), who));
  const plan = planTargets(targets, scope);
  const [refused] = plan.refused;
  if (refused) throw refusal(refused.target, why(refused.reason));
  const named = await Promise.all(
    plan.hostnames.map(async (name) => ({ name, addresses: await addressesOf(name) })),
  );
  for (const { name, addresses } of named)
    for (const address of addresses) {
      const verdict = scope.checkIp(address);
      if (!verdict.allowed)
        throw refusal(name, `${name} resolves to ${address}: ${why(verdict.reason)}`);
    }
  return plan.total;
}
