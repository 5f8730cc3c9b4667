import type { TScanDetail } from '@netguard/contracts';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  scanChunks,
  scanHosts,
  scanServices,
  threatMitigationActions,
  vulnerabilities,
  vulnerabilitySightings,
} from '../../db/schema.ts';
import type { ScanRow } from './scans.repo.ts';
import { toAction, toScanListItem, toService, toVulnerability } from './scans.view.ts';

const SEVERITY_ORDER = ['critical', 'high', 'medium', 'low', 'info'];

/** The rows of a scan (already scoped to the caller): hosts, services, the findings it saw. */
export async function loadScanRows(db: Executor, scan: ScanRow) {
  const [hosts, services, vulns] = await Promise.all([
    db
      .select()
      .from(scanHosts)
      .where(eq(scanHosts.scanId, scan.id))
      .orderBy(asc(scanHosts.address)),
    db
      .select()
      .from(scanServices)
      .where(eq(scanServices.scanId, scan.id))
      .orderBy(asc(scanServices.host), asc(scanServices.port)),
    db
      .select({ v: vulnerabilities })
      .from(vulnerabilities)
      .innerJoin(
        vulnerabilitySightings,
        eq(vulnerabilitySightings.vulnerabilityId, vulnerabilities.id),
      )
      .where(eq(vulnerabilitySightings.scanId, scan.id))
      .then((rows) => rows.map((r) => r.v)),
  ]);
  return { hosts, services, vulns };
}

/** What the scan's finished chunks left out, one line each (their notes), without repeats. */
async function loadNotes(db: Executor, scanId: string): Promise<string[]> {
  const rows = await db
    .select({ note: scanChunks.error })
    .from(scanChunks)
    .where(
      and(
        eq(scanChunks.scanId, scanId),
        eq(scanChunks.status, 'done'),
        isNotNull(scanChunks.error),
      ),
    )
    .orderBy(asc(scanChunks.index));
  return [...new Set(rows.flatMap((r) => (r.note ?? '').split('\n')))];
}

/** A scan (already scoped to the caller) with its hosts, services, findings and notes. */
export async function loadScanDetail(db: Executor, scan: ScanRow): Promise<TScanDetail> {
  const [{ hosts, services, vulns }, notes] = await Promise.all([
    loadScanRows(db, scan),
    loadNotes(db, scan.id),
  ]);
  const actions = vulns.length
    ? await db
        .select()
        .from(threatMitigationActions)
        .where(
          inArray(
            threatMitigationActions.vulnerabilityId,
            vulns.map((v) => v.id),
          ),
        )
        .orderBy(asc(threatMitigationActions.createdAt))
    : [];
  const byVuln = new Map<string, (typeof actions)[number][]>();
  for (const a of actions)
    byVuln.set(a.vulnerabilityId, [...(byVuln.get(a.vulnerabilityId) ?? []), a]);
  vulns.sort(
    (a, b) =>
      SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity) ||
      a.host.localeCompare(b.host) ||
      (a.port ?? 0) - (b.port ?? 0),
  );
  return {
    ...toScanListItem(scan),
    hosts: hosts.map((h) => ({
      address: h.address,
      hostname: h.hostname,
      status: h.status === 'down' ? 'down' : 'up',
    })),
    services: services.map(toService),
    vulnerabilities: vulns.map((v) => toVulnerability(v, (byVuln.get(v.id) ?? []).map(toAction))),
    notes,
  };
}
