import type { ServiceResult } from '@netguard/engine';
import type { Executor } from '../../db/client.ts';
import { scanHosts, scanServices } from '../../db/schema.ts';
import type { ScanOwner } from '../vulnerabilities/vulnerabilities.lifecycle.ts';

const clip = (text: string | undefined | null, max: number) => (text ? text.slice(0, max) : null);

/** Stores a host discovery found up (a client when it offers no service). */
export async function storeHost(
  db: Executor,
  owner: ScanOwner,
  host: { address: string; hostname?: string },
) {
  await db
    .insert(scanHosts)
    .values({
      scanId: owner.scanId,
      address: host.address,
      hostname: clip(host.hostname, 255),
      status: 'up',
    })
    .onConflictDoNothing();
}

/** Stores an open port and its host; idempotent per (scan, host, port, protocol). */
export async function storeService(db: Executor, owner: ScanOwner, result: ServiceResult) {
  await db
    .insert(scanHosts)
    .values({ scanId: owner.scanId, address: result.host, status: 'up' })
    .onConflictDoNothing();
  const service = {
    state: result.state,
    service: clip(result.service.name, 100),
    product: clip(result.service.product, 200),
    version: clip(result.service.version, 100),
    cpe: clip(result.service.cpe, 200),
    banner: clip(result.service.banner, 1000),
  };
  await db
    .insert(scanServices)
    .values({
      scanId: owner.scanId,
      host: result.host,
      port: result.port,
      protocol: result.protocol,
      ...service,
    })
    .onConflictDoUpdate({
      target: [scanServices.scanId, scanServices.host, scanServices.port, scanServices.protocol],
      set: service,
    });
}
