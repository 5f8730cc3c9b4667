import type { TCloudExposure } from '@netguard/contracts';
import { isIPv4 } from '@netguard/contracts';
import { createEngine, createScope, type ScopeOptions } from '@netguard/engine';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cloudFindingSightings, cloudFindings } from '../../db/schema.ts';

/** The scan scope and the egress policy of the organization (scans.egress.ts scanScope). */
export type ScanScope = ScopeOptions;

export type Exposure = { exposure: TCloudExposure; reachablePorts: number[] };

/**
 * Proves a finding's claim that ports are open to the internet with NetGuard's own TCP connect
 * scan of its public addresses, within the deployment's scope and egress policy:
 * confirmed_reachable when one answers, filtered when none answers and some are silent,
 * not_reachable when all refuse. Addresses outside them (or none, or not IPv4) leave it unchecked.
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

/** Proves the exposure of every finding this scan saw that names public addresses and ports. */
export async function proveScanExposure(
  db: Executor,
  scanId: string,
  scope: ScanScope,
  signal: AbortSignal,
) {
  const f = cloudFindings;
  const claims = await db
    .select({ id: f.vulnerabilityId, addresses: f.publicAddresses, ports: f.exposedPorts })
    .from(f)
    .innerJoin(cloudFindingSightings, eq(cloudFindingSightings.vulnerabilityId, f.vulnerabilityId))
    .where(
      and(
        eq(cloudFindingSightings.scanId, scanId),
        sql`jsonb_array_length(${f.publicAddresses}) > 0`,
        sql`jsonb_array_length(${f.exposedPorts}) > 0`,
      ),
    );
  for (const claim of claims) {
    if (signal.aborted) return;
    const proof = await proveExposure(claim.addresses, claim.ports, scope, signal);
    await db.update(f).set(proof).where(eq(f.vulnerabilityId, claim.id));
  }
}
