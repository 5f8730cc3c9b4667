import type { TImportScanBody } from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { scanHosts, scanServices, scans } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { notifyScan } from './scans.lifecycle.ts';
import { parseNmapXml } from './scans.nmap.ts';

const BATCH = 500;

/** Stores an nmap XML report as a completed port scan with its hosts and open ports. */
export async function importNmapScan(db: Executor, auth: AuthContext, body: TImportScanBody) {
  const parsed = parseNmapXml(body.xml);
  if ('error' in parsed) throw new AppError('bad_request', 400, parsed.error);
  const now = new Date();
  return db.transaction(async (tx) => {
    const [scan] = await tx
      .insert(scans)
      .values({
        userId: auth.userId,
        organizationId: auth.organizationId,
        scanName: body.scan_name,
        scanType: 'port',
        targetHosts: [...new Set(parsed.hosts.map((h) => h.address))],
        status: 'completed',
        progress: 100,
        startedAt: now,
        completedAt: now,
      })
      .returning();
    if (!scan) throw new Error('scan insert returned nothing');
    const hosts = parsed.hosts.map((h) => ({
      scanId: scan.id,
      address: h.address,
      hostname: h.hostname,
      status: h.up ? 'up' : 'down',
    }));
    const services = parsed.hosts.flatMap((h) =>
      h.ports.map((p) => ({ scanId: scan.id, host: h.address, ...p })),
    );
    for (let i = 0; i < hosts.length; i += BATCH) {
      await tx
        .insert(scanHosts)
        .values(hosts.slice(i, i + BATCH))
        .onConflictDoNothing();
    }
    for (let i = 0; i < services.length; i += BATCH) {
      await tx
        .insert(scanServices)
        .values(services.slice(i, i + BATCH))
        .onConflictDoNothing();
    }
    await notifyScan(tx, scan, 'INSERT');
    return scan;
  });
}
