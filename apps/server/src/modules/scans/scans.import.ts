import { findingFromScript } from '@netguard/engine';
import type { Executor } from '../../db/client.ts';
import { scanHosts, scanServices, scans } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { recordFinding } from '../vulnerabilities/vulnerabilities.lifecycle.ts';
import { notifyScan } from './scans.lifecycle.ts';
import { type NmapHost, parseNmapXml } from './scans.nmap.ts';

// Rows per INSERT: small enough that building one statement is a short turn of the event loop.
const BATCH = 200;

/** The hosts of an uploaded nmap XML report, or a 400 saying why it is refused. */
export async function readNmapReport(xml: string): Promise<NmapHost[]> {
  const parsed = await parseNmapXml(xml);
  if ('error' in parsed) throw new AppError('bad_request', 400, parsed.error);
  return parsed.hosts;
}

/** The distinct addresses of a report's hosts: what the scan covers. */
export const reportAddresses = (hosts: readonly NmapHost[]) => [
  ...new Set(hosts.map((h) => h.address)),
];

/**
 * Stores the hosts of an nmap XML report as a completed port scan with their open ports, and the
 * findings of a report NetGuard wrote as vulnerabilities.
 */
export async function importNmapScan(
  db: Executor,
  auth: AuthContext,
  scanName: string,
  hosts: readonly NmapHost[],
) {
  const now = new Date();
  return db.transaction(async (tx) => {
    const [scan] = await tx
      .insert(scans)
      .values({
        userId: auth.userId,
        organizationId: auth.organizationId,
        scanName,
        scanType: 'port',
        targetHosts: reportAddresses(hosts),
        status: 'completed',
        progress: 100,
        startedAt: now,
        completedAt: now,
      })
      .returning();
    if (!scan) throw new Error('scan insert returned nothing');
    const hostRows = hosts.map((h) => ({
      scanId: scan.id,
      address: h.address,
      hostname: h.hostname,
      status: h.up ? 'up' : 'down',
    }));
    const services = hosts.flatMap((h) =>
      h.ports.map((p) => ({ scanId: scan.id, host: h.address, ...p })),
    );
    for (let i = 0; i < hostRows.length; i += BATCH) {
      await tx
        .insert(scanHosts)
        .values(hostRows.slice(i, i + BATCH))
        .onConflictDoNothing();
    }
    for (let i = 0; i < services.length; i += BATCH) {
      await tx
        .insert(scanServices)
        .values(services.slice(i, i + BATCH))
        .onConflictDoNothing();
    }
    // NetGuard's own findings come back from their <script> elements; nmap's NSE output is not
    // a finding and is left out.
    const owner = { scanId: scan.id, userId: auth.userId, organizationId: auth.organizationId };
    const time = now.toISOString();
    for (const h of hosts) {
      for (const script of h.scripts) {
        const place = { host: h.address, port: script.port, protocol: script.protocol, time };
        const finding = findingFromScript(script.id, script.elems, place);
        if (finding) await recordFinding(tx, owner, finding);
      }
    }
    await notifyScan(tx, scan, 'INSERT');
    return scan;
  });
}
