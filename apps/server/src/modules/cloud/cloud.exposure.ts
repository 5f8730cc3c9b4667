import type { TCloudExposure } from '@netguard/contracts';
import { isIPv4 } from '@netguard/contracts';
import { createEngine, createScope } from '@netguard/engine';

export type ScanScope = { allow: readonly string[]; deny: readonly string[] };

export type Exposure = { exposure: TCloudExposure; reachablePorts: number[] };

/**
 * Proves a finding's claim that ports are open to the internet with NetGuard's own TCP connect
 * scan of its public addresses, within the deployment's scope: confirmed_reachable when one
 * answers, filtered when none answers and some are silent, not_reachable when all refuse.
 * Addresses outside the scope (or none, or not IPv4) leave it unchecked.
 */
export async function proveExposure(
  addresses: readonly string[],
  ports: readonly number[],
  scope: ScanScope,
  signal?: AbortSignal,
): Promise<Exposure> {
  const guard = createScope(scope);
  const targets = addresses.filter((a) => isIPv4(a) && guard.checkIp(a).allowed);
  if (targets.length === 0 || ports.length === 0)
    return { exposure: 'unchecked', reachablePorts: [] };
  const open = new Set<number>();
  let filtered = 0;
  const engine = createEngine({
    ports: [...new Set(ports)],
    portsOnly: true,
    skipDiscovery: true,
    threads: 1,
    scope,
  });
  await engine.run(targets, {
    signal,
    onPort: (result) => {
      if (result.state === 'open') open.add(result.port);
    },
    onHostScanned: (host) => {
      filtered += host.filtered;
    },
  });
  const reachablePorts = [...open].sort((a, b) => a - b);
  if (reachablePorts.length) return { exposure: 'confirmed_reachable', reachablePorts };
  return { exposure: filtered > 0 ? 'filtered' : 'not_reachable', reachablePorts };
}
