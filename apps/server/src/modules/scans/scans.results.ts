import type { TFinding } from '@netguard/contracts';
import type { ServiceResult } from '@netguard/engine';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  scanHosts,
  scanServices,
  threatMitigationActions,
  vulnerabilities,
} from '../../db/schema.ts';
import { notifyRealtime } from '../../realtime/notify.ts';

/** Whose scan a result belongs to. */
export type ScanOwner = { scanId: string; userId: string; organizationId: string };

const clip = (text: string | undefined | null, max: number) => (text ? text.slice(0, max) : null);

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

/** The identity of a finding within a scan: a retried chunk maps to the same key. */
export function findingKey(f: TFinding): string {
  return [f.host, f.port ?? '', f.protocol, f.check_id, f.cve_id ?? f.title]
    .join('|')
    .slice(0, 1000);
}

/**
 * Stores a finding once, with its mitigation actions, and announces it. Returns the new id,
 * or null when this finding was already stored.
 */
export async function storeFinding(
  db: Executor,
  owner: ScanOwner,
  f: TFinding,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(vulnerabilities)
      .values({
        scanId: owner.scanId,
        userId: owner.userId,
        organizationId: owner.organizationId,
        title: f.title,
        host: f.host,
        port: f.port,
        service: f.service || null,
        vulnerabilityType: f.vulnerability_type,
        severity: f.severity,
        cveId: f.cve_id,
        cvssScore: f.cvss_score,
        riskScore: f.risk_score,
        description: f.description,
        solution: f.solution,
        evidence: sql`to_jsonb(${f.evidence}::text)`,
        checkId: f.check_id,
        findingKey: findingKey(f),
      })
      .onConflictDoNothing({ target: [vulnerabilities.scanId, vulnerabilities.findingKey] })
      .returning({ id: vulnerabilities.id });
    if (!row) return null;
    if (f.mitigations.length) {
      await tx.insert(threatMitigationActions).values(
        f.mitigations.map((m) => ({
          vulnerabilityId: row.id,
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
    }
    await notifyRealtime(tx, {
      table: 'vulnerabilities',
      event: 'INSERT',
      id: row.id,
      organization_id: owner.organizationId,
    });
    return row.id;
  });
}
