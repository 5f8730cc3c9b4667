import type { CheckMeta, Finding, ScanResult } from '@netguard/cloud';
import type { TCloudSeverityCounts, TVulnSeverity } from '@netguard/contracts';
import type { SiemEventInput } from '@netguard/siem';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  auditLogs,
  cloudFindingSightings,
  cloudFindings,
  threatMitigationActions,
  vulnerabilities,
} from '../../db/schema.ts';
import { cloudFindingToSiem } from '../siem/siem.events.ts';
import { emitSiemEvents } from '../siem/siem.outbox.ts';
import { dueFrom } from '../vulnerabilities/vulnerabilities.lifecycle.ts';
import { CLOUD_VULNERABILITY_TYPE } from './cloud.frameworks.ts';
import type { CloudScanRow } from './cloud.scans.repo.ts';

const v = vulnerabilities;
const PRIORITY: Record<TVulnSeverity, 'immediate' | 'urgent' | 'medium' | 'low'> = {
  critical: 'immediate',
  high: 'urgent',
  medium: 'medium',
  low: 'low',
  info: 'low',
};

/** The identity of a cloud finding across scans and connections of one organization. */
export function cloudFindingKey(f: Finding): string {
  return ['cloud', f.provider, f.account, f.region, f.checkId, f.resourceId]
    .join('|')
    .slice(0, 1000);
}

/** The page's recommendations: the check's remediation, then its CLI fix. */
export function recommendationsOf(meta: CheckMeta | undefined): string[] {
  return meta ? [meta.remediation, meta.cli].filter((text) => text.trim() !== '') : [];
}

type Context = { scan: CloudScanRow; userId: string; checks: Map<string, CheckMeta> };

/**
 * Stores the scan's findings as vulnerabilities of the organization (one per provider, account,
 * region, check and resource), reopening those a scan had fixed, then marks fixed the open
 * findings of the connection that this scan evaluated and no longer saw. Safe to repeat: a
 * re-run of the same scan sees each finding once. The new findings go to the SIEMs in one
 * statement (vulnerability_found, and compliance_violation for checks mapped to frameworks).
 */
export async function storeResults(tx: Executor, ctx: Context, results: ScanResult[]) {
  const siem: SiemEventInput[] = [];
  for (const result of results)
    for (const finding of result.findings)
      siem.push(...(await recordCloudFinding(tx, ctx, finding)));
  for (const result of results) await markFixed(tx, ctx.scan, result);
  await emitSiemEvents(tx, siem);
}

/** Stores one finding; returns the SIEM events of a new one. */
async function recordCloudFinding(
  tx: Executor,
  ctx: Context,
  f: Finding,
): Promise<SiemEventInput[]> {
  const { scan } = ctx;
  const meta = ctx.checks.get(f.checkId);
  const severity = meta?.severity ?? 'medium';
  const title = meta?.title ?? f.checkId;
  const now = new Date();
  const details = {
    title,
    service: meta?.service ?? null,
    severity,
    description: [f.detail, meta?.description].filter(Boolean).join('\n\n'),
    solution: meta?.remediation ?? null,
    evidence: f.evidence,
  };
  const key = cloudFindingKey(f);
  const [created] = await tx
    .insert(v)
    .values({
      ...details,
      userId: ctx.userId,
      organizationId: scan.organizationId,
      host: f.resourceId,
      vulnerabilityType: CLOUD_VULNERABILITY_TYPE,
      checkId: f.checkId,
      findingKey: key,
      firstSeenAt: now,
      lastSeenAt: now,
      dueAt: dueFrom(severity, now),
    })
    .onConflictDoNothing({ target: [v.organizationId, v.findingKey] })
    .returning();
  const [existing] = created
    ? [{ id: created.id, state: 'open' as const }]
    : await tx
        .select({ id: v.id, state: v.state })
        .from(v)
        .where(and(eq(v.organizationId, scan.organizationId), eq(v.findingKey, key)))
        .for('update');
  if (!existing) return [];
  const reopened = !created && existing.state === 'fixed';
  const sighted = await tx
    .insert(cloudFindingSightings)
    .values({
      scanId: scan.id,
      vulnerabilityId: existing.id,
      organizationId: scan.organizationId,
      wasNew: Boolean(created) || reopened,
    })
    .onConflictDoNothing()
    .returning({ id: cloudFindingSightings.vulnerabilityId });
  const cloud = {
    connectionId: scan.connectionId,
    provider: f.provider,
    account: f.account,
    region: f.region,
    resourceId: f.resourceId,
    resourceType: f.resourceType,
    checkId: f.checkId,
    detail: f.detail,
    recommendations: recommendationsOf(meta),
    tags: f.tags ?? {},
    publicAddresses: f.publicAddresses ?? [],
    exposedPorts: f.exposedPorts ?? meta?.exposedPorts ?? [],
    lastScanId: scan.id,
    fixedScanId: null,
  };
  await tx
    .insert(cloudFindings)
    .values({ vulnerabilityId: existing.id, organizationId: scan.organizationId, ...cloud })
    .onConflictDoUpdate({ target: cloudFindings.vulnerabilityId, set: cloud });
  if (created) {
    if (meta)
      await tx.insert(threatMitigationActions).values({
        vulnerabilityId: created.id,
        organizationId: scan.organizationId,
        userId: ctx.userId,
        actionType: 'configuration',
        priority: PRIORITY[severity],
        title: `Fix: ${title}`,
        description: meta.remediation,
        instructions: JSON.stringify([meta.cli]),
      });
    return cloudFindingToSiem({
      vulnerability: created,
      provider: f.provider,
      account: f.account,
      region: f.region,
      resourceId: f.resourceId,
      resourceType: f.resourceType,
      checkId: f.checkId,
      cloudScanId: scan.id,
      frameworks: meta?.frameworks,
    });
  }
  // A re-run of this scan has counted this sighting already.
  if (sighted.length === 0) return [];
  await tx
    .update(v)
    .set({ ...details, lastSeenAt: now, occurrences: sql`${v.occurrences} + 1` })
    .where(eq(v.id, existing.id));
  if (!reopened) return [];
  await tx
    .update(v)
    .set({
      state: 'open',
      fixedAt: null,
      reopenedAt: now,
      reopenCount: sql`${v.reopenCount} + 1`,
      dueAt: dueFrom(severity, now),
    })
    .where(eq(v.id, existing.id));
  await tx.insert(auditLogs).values({
    userId: ctx.userId,
    organizationId: scan.organizationId,
    action: 'vulnerability.reopened',
    resourceType: 'vulnerability',
    resourceId: existing.id,
    details: { cloud_scan_id: scan.id, was: 'fixed' },
  });
  return [];
}

/**
 * Fixed: open findings of this connection in an account, region and check the result evaluated
 * (checks a failed call left unevaluated are not), that this scan did not see.
 */
async function markFixed(tx: Executor, scan: CloudScanRow, result: ScanResult) {
  if (!scan.connectionId) return;
  const unevaluated = [...new Set(result.gaps.flatMap((gap) => gap.checks ?? []))];
  const checks = result.checksRun.filter((id) => !unevaluated.includes(id));
  if (checks.length === 0) return;
  await tx.execute(sql`
    with gone as (
      update vulnerabilities v set state = 'fixed', fixed_at = now()
      from cloud_findings cf
      where cf.vulnerability_id = v.id and cf.connection_id = ${scan.connectionId}
        and v.state = 'open' and cf.account = ${result.account}
        and cf.check_id in (${sql.join(
          checks.map((id) => sql`${id}`),
          sql`, `,
        )})
        and (${result.regions.length === 0} or cf.region in (${sql.join(
          [...result.regions, 'global'].map((r) => sql`${r}`),
          sql`, `,
        )}))
        and not exists (select 1 from cloud_finding_sightings s
          where s.scan_id = ${scan.id} and s.vulnerability_id = v.id)
      returning v.id)
    update cloud_findings set fixed_scan_id = ${scan.id}
    where vulnerability_id in (select id from gone)`);
}

/** Findings this scan saw, by severity. */
export async function countSeen(db: Executor, scanId: string): Promise<TCloudSeverityCounts> {
  const rows = await db
    .select({ severity: v.severity, count: sql<number>`count(*)::int` })
    .from(cloudFindingSightings)
    .innerJoin(v, eq(v.id, cloudFindingSightings.vulnerabilityId))
    .where(eq(cloudFindingSightings.scanId, scanId))
    .groupBy(v.severity);
  const counts: TCloudSeverityCounts = {
    critical: 0,
    high: 0,
    medium: 0,
    low: 0,
    info: 0,
    total: 0,
  };
  for (const row of rows) {
    counts[row.severity] = row.count;
    counts.total += row.count;
  }
  return counts;
}
