import {
  type TFinding,
  type TVulnSeverity,
  VULN_DUE_HOURS,
  type VULN_STATE_VALUES,
} from '@netguard/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  auditLogs,
  scans,
  threatMitigationActions,
  vulnerabilities,
  vulnerabilitySightings,
} from '../../db/schema.ts';
import { notifyRealtime } from '../../realtime/notify.ts';
import { vulnerabilityFoundToSiem } from '../siem/siem.events.ts';
import { emitSiemEvents } from '../siem/siem.outbox.ts';

/** Whose scan a result belongs to. */
export type ScanOwner = { scanId: string; userId: string; organizationId: string };

/** Remediation due date of a finding first seen (or reopened) at `from`; none for info. */
export function dueFrom(severity: TVulnSeverity, from: Date): Date | null {
  const hours = VULN_DUE_HOURS[severity];
  return hours === null ? null : new Date(from.getTime() + hours * 3_600_000);
}

/** The identity of a finding across scans: host, port, protocol, check, then CVE or title. */
export function findingKey(f: TFinding): string {
  return [f.host, f.port ?? '', f.protocol, f.check_id, f.cve_id ?? f.title]
    .join('|')
    .slice(0, 1000);
}

const v = vulnerabilities;

/**
 * Records one sighting of a finding by a scan. A new finding becomes a vulnerability with its
 * mitigation actions; a known one gets last_seen and one more occurrence (once per scan, however
 * often a chunk is retried), and is reopened when it was fixed or mitigated before this scan began.
 * A new one is forwarded to the SIEMs (vulnerability_found) in the same transaction.
 * Returns the vulnerability id when it is new, null otherwise.
 */
export async function recordFinding(
  db: Executor,
  owner: ScanOwner,
  f: TFinding,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const created = await recordSighting(tx, owner, f);
    if (created) await emitSiemEvents(tx, [vulnerabilityFoundToSiem(created)]);
    return created?.id ?? null;
  });
}

/**
 * recordFinding for many findings of one scan, in one transaction: the new vulnerabilities go to
 * the SIEMs in one statement. Returns the ids of the new ones.
 */
export async function recordFindings(
  db: Executor,
  owner: ScanOwner,
  findings: readonly TFinding[],
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const created: VulnerabilityRow[] = [];
    for (const f of findings) {
      const row = await recordSighting(tx, owner, f);
      if (row) created.push(row);
    }
    await emitSiemEvents(tx, created.map(vulnerabilityFoundToSiem));
    return created.map((row) => row.id);
  });
}

type VulnerabilityRow = typeof v.$inferSelect;

/** recordFinding inside the caller's transaction: the new vulnerability, or null. */
async function recordSighting(
  tx: Executor,
  owner: ScanOwner,
  f: TFinding,
): Promise<VulnerabilityRow | null> {
  const now = new Date();
  const details = {
    title: f.title,
    service: f.service || null,
    vulnerabilityType: f.vulnerability_type,
    severity: f.severity,
    cvssScore: f.cvss_score,
    riskScore: f.risk_score,
    description: f.description,
    solution: f.solution,
    evidence: sql`to_jsonb(${f.evidence}::text)`,
    // The latest sighting's confidence: a distribution fix or a probe changes it.
    detection: f.detection ?? null,
  };
  const key = findingKey(f);
  const [created] = await tx
    .insert(v)
    .values({
      ...details,
      scanId: owner.scanId,
      lastScanId: owner.scanId,
      userId: owner.userId,
      organizationId: owner.organizationId,
      host: f.host,
      port: f.port,
      protocol: f.protocol,
      cveId: f.cve_id,
      checkId: f.check_id,
      findingKey: key,
      firstSeenAt: now,
      lastSeenAt: now,
      dueAt: dueFrom(f.severity, now),
    })
    .onConflictDoNothing({ target: [v.organizationId, v.findingKey] })
    .returning();
  if (created) {
    await sight(tx, owner, created.id, now);
    if (f.mitigations.length)
      await tx.insert(threatMitigationActions).values(
        f.mitigations.map((m) => ({
          vulnerabilityId: created.id,
          organizationId: owner.organizationId,
          userId: owner.userId,
          actionType: m.action_type,
          priority: m.priority,
          title: m.title,
          description: m.description,
          estimatedTime: m.estimated_time,
          instructions: JSON.stringify(m.instructions),
        })),
      );
    await notifyRealtime(tx, {
      table: 'vulnerabilities',
      event: 'INSERT',
      id: created.id,
      organization_id: owner.organizationId,
    });
    return created;
  }
  // When it was fixed: the start of the scan that no longer saw it (or the time it was marked).
  const fixing = alias(scans, 'fixing');
  const [existing] = await tx
    .select({
      id: v.id,
      state: v.state,
      fixedAt: sql<Date | null>`coalesce(${fixing.startedAt}, ${v.fixedAt})`.mapWith(
        (t: string | null) => (t ? new Date(t) : null),
      ),
    })
    .from(v)
    .leftJoin(fixing, eq(fixing.id, v.fixedScanId))
    .where(and(eq(v.organizationId, owner.organizationId), eq(v.findingKey, key)))
    .for('update', { of: v });
  if (!existing || !(await sight(tx, owner, existing.id, now))) return null;
  await tx
    .update(v)
    .set({
      ...details,
      lastSeenAt: now,
      lastScanId: owner.scanId,
      occurrences: sql`${v.occurrences} + 1`,
    })
    .where(eq(v.id, existing.id));
  await reopenIfResolved(tx, owner, existing, f.severity, now);
  return null;
}

/** Inserts the (scan, vulnerability) sighting; false when this scan had already seen it. */
async function sight(tx: Executor, owner: ScanOwner, vulnerabilityId: string, now: Date) {
  const rows = await tx
    .insert(vulnerabilitySightings)
    .values({
      vulnerabilityId,
      scanId: owner.scanId,
      organizationId: owner.organizationId,
      seenAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: vulnerabilitySightings.id });
  return rows.length > 0;
}

/**
 * Seen again by a scan that began after the scan that fixed it, or after one of its actions was completed:
 * it is open again, with a new due date, and its completed actions go back to pending.
 */
async function reopenIfResolved(
  tx: Executor,
  owner: ScanOwner,
  existing: { id: string; state: (typeof VULN_STATE_VALUES)[number]; fixedAt: Date | null },
  severity: TVulnSeverity,
  now: Date,
) {
  const [scan] = await tx
    .select({ startedAt: scans.startedAt, createdAt: scans.createdAt })
    .from(scans)
    .where(eq(scans.id, owner.scanId));
  const began = scan?.startedAt ?? scan?.createdAt ?? now;
  const a = threatMitigationActions;
  const completed = await tx
    .select({ id: a.id })
    .from(a)
    .where(
      and(
        eq(a.vulnerabilityId, existing.id),
        eq(a.status, 'completed'),
        sql`${a.updatedAt} < ${began}`,
      ),
    );
  const wasFixed =
    existing.state === 'fixed' && existing.fixedAt !== null && existing.fixedAt < began;
  if (!wasFixed && completed.length === 0) return;
  await tx
    .update(v)
    .set({
      state: 'open',
      fixedAt: null,
      fixedScanId: null,
      reopenedAt: now,
      reopenCount: sql`${v.reopenCount} + 1`,
      dueAt: dueFrom(severity, now),
    })
    .where(eq(v.id, existing.id));
  if (completed.length)
    await tx
      .update(a)
      .set({ status: 'pending', updatedAt: now })
      .where(and(eq(a.vulnerabilityId, existing.id), eq(a.status, 'completed')));
  await tx.insert(auditLogs).values({
    userId: owner.userId,
    organizationId: owner.organizationId,
    action: 'vulnerability.reopened',
    resourceType: 'vulnerability',
    resourceId: existing.id,
    details: {
      scan_id: owner.scanId,
      was: wasFixed ? 'fixed' : 'mitigated',
      reset_actions: completed.map((c) => c.id),
    },
  });
  await notifyRealtime(tx, {
    table: 'vulnerabilities',
    event: 'INSERT',
    id: existing.id,
    organization_id: owner.organizationId,
  });
}

/** Whether chunk c probed vulnerability v's port (TCP port list, or the UDP probes). */
const covers = sql.raw(
  `((v.protocol = 'tcp' and c.spec->'ports' @> to_jsonb(v.port)) or (v.protocol = 'udp' and coalesce((c.spec->>'udp')::boolean, false)))`,
);

/**
 * After a completed scan: the organization's open vulnerabilities on hosts this scan found up,
 * on ports every chunk that held them scanned, with checks run, and not seen by this scan, are fixed.
 */
export async function markFixed(db: Executor, scanId: string): Promise<number> {
  const result = await db.execute(sql`
    update vulnerabilities v set state = 'fixed', fixed_at = now(), fixed_scan_id = s.id
    from scans s
    where s.id = ${scanId} and s.status = 'completed' and s.scan_type in ('vulnerability', 'comprehensive')
      and v.organization_id = s.organization_id and v.state = 'open'
      and not exists (select 1 from vulnerability_sightings vs where vs.vulnerability_id = v.id and vs.scan_id = s.id)
      and exists (select 1 from scan_hosts h where h.scan_id = s.id and h.address = v.host and h.status = 'up')
      and (v.port is null or (
        exists (select 1 from scan_chunks c where c.scan_id = s.id and c.status = 'done' and ${covers})
        and not exists (select 1 from scan_chunks c where c.scan_id = s.id and c.status <> 'done' and ${covers})
      ))
    returning v.id`);
  return result.rowCount ?? 0;
}
