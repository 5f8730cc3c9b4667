import type { TCreateScanBody, TScanList, TScanListItem } from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { assertCan } from '../../lib/permissions.ts';
import { insertAuditLog, type RequestMeta } from '../audit/audit.repo.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import * as repo from './scans.repo.ts';

/** Picks the API fields of a scan row. */
export function toScanListItem(row: repo.ScanRow): TScanListItem {
  return {
    id: row.id,
    scan_name: row.scanName,
    scan_type: row.scanType,
    target_hosts: row.targetHosts,
    status: row.status,
    progress: row.progress,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

/** Scans of the caller's organization. Starting them is a later job's work. */
export function createScanService({ db }: { db: Executor }) {
  return {
    async create(auth: AuthContext, body: TCreateScanBody, meta: RequestMeta) {
      assertCan(auth.role, 'scan', 'Insufficient permissions for security scan');
      const targetHosts = [...new Set(body.target_hosts)];
      const row = await db.transaction(async (tx) => {
        const scan = await repo.insertScan(tx, {
          userId: auth.userId,
          organizationId: auth.organizationId,
          scanName: body.scan_name,
          scanType: body.scan_type,
          targetHosts,
        });
        const entry = { userId: auth.userId, organizationId: auth.organizationId };
        const details = { scan_name: scan.scanName, targets: targetHosts.length };
        await insertAuditLog(
          tx,
          { ...entry, action: 'scan.create', resourceType: 'scan', resourceId: scan.id, details },
          meta,
        );
        return scan;
      });
      return toScanListItem(row);
    },

    async list(auth: AuthContext, page: { limit: number; offset: number }): Promise<TScanList> {
      const [rows, total] = await Promise.all([
        repo.listScans(db, auth.organizationId, page.limit, page.offset),
        repo.countScans(db, auth.organizationId),
      ]);
      return { items: rows.map(toScanListItem), total };
    },

    async get(auth: AuthContext, id: string): Promise<TScanListItem> {
      const row = await repo.findScan(db, auth.organizationId, id);
      if (!row) throw notFound('Scan');
      return toScanListItem(row);
    },
  };
}

export type ScanService = ReturnType<typeof createScanService>;
