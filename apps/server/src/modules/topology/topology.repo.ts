import type { TTopologySettings } from '@netguard/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  captureFiles,
  scanHosts,
  scanServices,
  scans,
  topologySettings,
  vulnerabilities,
} from '../../db/schema.ts';
import { mitigatedSql } from '../vulnerabilities/vulnerabilities.repo.ts';

/** The topology reads the organization's latest completed scans only: a bounded, recent picture. */
export const SCAN_WINDOW = 200;
/** Most distinct addresses read; far more than the diagram draws, enough to count them. */
export const HOST_LIMIT = 5_000;

export type RecentScan = { id: string; targetHosts: string[]; completedAt: Date };

/** The organization's latest completed scans, newest first. */
export async function listRecentScans(db: Executor, organizationId: string): Promise<RecentScan[]> {
  const rows = await db
    .select({ id: scans.id, targetHosts: scans.targetHosts, completedAt: scans.completedAt })
    .from(scans)
    .where(and(eq(scans.organizationId, organizationId), eq(scans.status, 'completed')))
    .orderBy(desc(scans.completedAt), desc(scans.id))
    .limit(SCAN_WINDOW);
  return rows.map((r) => ({ ...r, completedAt: r.completedAt ?? new Date(0) }));
}

/** Captures read for link traffic: the organization's newest uploads. */
export const CAPTURE_WINDOW = 20;

/** The organization's newest captures' names and stored statistics, newest first. */
export async function listCaptureTraffic(db: Executor, organizationId: string) {
  return db
    .select({ name: captureFiles.name, stats: captureFiles.stats })
    .from(captureFiles)
    .where(eq(captureFiles.organizationId, organizationId))
    .orderBy(desc(captureFiles.createdAt), desc(captureFiles.id))
    .limit(CAPTURE_WINDOW);
}

/** A host as the latest of the given scans that found it up saw it. */
export type SeenHost = {
  address: string;
  hostname: string | null;
  scanId: string;
  services: number;
};

/** Every host the scans found up, with the open services of its latest sighting. */
export async function listSeenHosts(db: Executor, scanIds: string[]): Promise<SeenHost[]> {
  if (scanIds.length === 0) return [];
  const latest = db
    .selectDistinctOn([scanHosts.address], {
      address: scanHosts.address,
      hostname: scanHosts.hostname,
      scanId: scanHosts.scanId,
      completedAt: scans.completedAt,
    })
    .from(scanHosts)
    .innerJoin(scans, eq(scans.id, scanHosts.scanId))
    .where(and(inArray(scanHosts.scanId, scanIds), eq(scanHosts.status, 'up')))
    .orderBy(scanHosts.address, desc(scans.completedAt), desc(scans.id))
    .as('latest');
  const open = db
    .select({
      scanId: scanServices.scanId,
      host: scanServices.host,
      services: sql<number>`count(*)`.as('services'),
    })
    .from(scanServices)
    .where(and(inArray(scanServices.scanId, scanIds), eq(scanServices.state, 'open')))
    .groupBy(scanServices.scanId, scanServices.host)
    .as('open');
  return db
    .select({
      address: latest.address,
      hostname: latest.hostname,
      scanId: latest.scanId,
      services: sql<number>`coalesce(${open.services}, 0)`.mapWith(Number),
    })
    .from(latest)
    .leftJoin(open, and(eq(open.scanId, latest.scanId), eq(open.host, latest.address)))
    .orderBy(desc(latest.completedAt), latest.address)
    .limit(HOST_LIMIT);
}

/** Open high and critical vulnerabilities with no completed mitigation, counted per host. */
export async function countRisksByHost(
  db: Executor,
  organizationId: string,
): Promise<Map<string, number>> {
  const v = vulnerabilities;
  const rows = await db
    .select({ host: v.host, risks: sql<number>`count(*)`.mapWith(Number) })
    .from(v)
    .where(
      and(
        eq(v.organizationId, organizationId),
        eq(v.state, 'open'),
        inArray(v.severity, ['high', 'critical']),
        sql`not ${mitigatedSql}`,
      ),
    )
    .groupBy(v.host);
  return new Map(rows.map((r) => [r.host, r.risks]));
}

/**
 * The open TCP ports the organization's latest completed sighting of `address` found, or null
 * when none of its completed scans found the host up.
 */
export async function findKnownHost(
  db: Executor,
  organizationId: string,
  address: string,
): Promise<{ openPorts: number[] } | null> {
  const [seen] = await db
    .select({ scanId: scanHosts.scanId })
    .from(scanHosts)
    .innerJoin(scans, eq(scans.id, scanHosts.scanId))
    .where(
      and(
        eq(scans.organizationId, organizationId),
        eq(scans.status, 'completed'),
        eq(scanHosts.address, address),
        eq(scanHosts.status, 'up'),
      ),
    )
    .orderBy(desc(scans.completedAt))
    .limit(1);
  if (!seen) return null;
  const ports = await db
    .select({ port: scanServices.port })
    .from(scanServices)
    .where(
      and(
        eq(scanServices.scanId, seen.scanId),
        eq(scanServices.host, address),
        eq(scanServices.protocol, 'tcp'),
        eq(scanServices.state, 'open'),
      ),
    )
    .orderBy(scanServices.port);
  return { openPorts: ports.map((p) => p.port) };
}

export async function readSettings(db: Executor, userId: string): Promise<unknown> {
  const [row] = await db
    .select({ settings: topologySettings.settings })
    .from(topologySettings)
    .where(eq(topologySettings.userId, userId));
  return row?.settings;
}

export async function writeSettings(
  db: Executor,
  owner: { userId: string; organizationId: string },
  settings: TTopologySettings,
) {
  const now = new Date();
  await db
    .insert(topologySettings)
    .values({
      userId: owner.userId,
      organizationId: owner.organizationId,
      settings,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: topologySettings.userId,
      set: { organizationId: owner.organizationId, settings, updatedAt: now },
    });
}
