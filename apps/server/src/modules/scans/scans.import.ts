import type { TFinding } from '@netguard/contracts';
import { findingFromScript, findingsFromSarif } from '@netguard/engine';
import type { Executor } from '../../db/client.ts';
import { scanHosts, scanServices, scans } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { scanCompletedToSiem } from '../siem/siem.events.ts';
import { emitSiemEvents } from '../siem/siem.outbox.ts';
import { recordFindings } from '../vulnerabilities/vulnerabilities.lifecycle.ts';
import { notifyScan } from './scans.lifecycle.ts';
import { type NmapHost, parseNmapXml } from './scans.nmap.ts';
import { scanCounts } from './scans.repo.ts';

// Rows per INSERT: small enough that building one statement is a short turn of the event loop.
const BATCH = 200;

/** What an import stores: the hosts with their open ports, and the findings. */
export type ImportedReport = { hosts: NmapHost[]; findings: TFinding[] };

/**
 * An uploaded nmap XML report: its hosts, and the findings NetGuard wrote in it as `<script>`
 * elements (nmap's own NSE results are not findings and are left out). A 400 says why one is
 * refused.
 */
export async function readNmapReport(xml: string, time: string): Promise<ImportedReport> {
  const parsed = await parseNmapXml(xml);
  if ('error' in parsed) throw new AppError('bad_request', 400, parsed.error);
  const findings = parsed.hosts.flatMap((h) =>
    h.scripts.flatMap((script) => {
      const place = { host: h.address, port: script.port, protocol: script.protocol, time };
      return findingFromScript(script.id, script.elems, place) ?? [];
    }),
  );
  return { hosts: parsed.hosts, findings };
}

/**
 * A SARIF log NetGuard wrote: its findings, and as hosts the places they name (SARIF lists
 * findings, not the open ports without one).
 */
export function readSarifReport(text: string, time: string): ImportedReport {
  const read = findingsFromSarif(text, time);
  if ('error' in read) throw new AppError('bad_request', 400, read.error);
  if (read.findings.length === 0)
    throw new AppError('bad_request', 400, 'The SARIF log has no NetGuard finding to import');
  const hosts = new Map<string, NmapHost>();
  for (const f of read.findings) {
    const host = hosts.get(f.host) ?? {
      address: f.host,
      hostname: null,
      up: true,
      ports: [],
      scripts: [],
    };
    hosts.set(f.host, host);
    if (f.port === null || host.ports.some((p) => p.port === f.port && p.protocol === f.protocol))
      continue;
    host.ports.push({
      port: f.port,
      protocol: f.protocol,
      state: 'open',
      service: f.service || null,
      product: null,
      version: null,
      cpe: null,
    });
  }
  return { hosts: [...hosts.values()], findings: read.findings };
}

/** The distinct addresses of a report's hosts: what the scan covers. */
export const reportAddresses = (hosts: readonly NmapHost[]) => [
  ...new Set(hosts.map((h) => h.address)),
];

/** Stores an imported report as a completed port scan: hosts, open ports, findings. */
export async function importNmapScan(
  db: Executor,
  auth: AuthContext,
  scanName: string,
  { hosts, findings }: ImportedReport,
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
    const owner = { scanId: scan.id, userId: auth.userId, organizationId: auth.organizationId };
    await recordFindings(tx, owner, findings);
    await notifyScan(tx, scan, 'INSERT');
    await emitSiemEvents(tx, [scanCompletedToSiem(scan, await scanCounts(tx, scan.id))]);
    return scan;
  });
}
