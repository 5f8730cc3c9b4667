import type {
  TThreatMitigationAction,
  TVulnerability,
  TVulnerabilityFilters,
  TVulnerabilityHistory,
  TVulnerabilityPage,
} from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { insertAuditLog, type RequestMeta } from '../audit/audit.repo.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { toAction } from '../scans/scans.view.ts';
import { remediationAppliedToSiem } from '../siem/siem.events.ts';
import { emitSiemEvents } from '../siem/siem.outbox.ts';
import * as repo from './vulnerabilities.repo.ts';
import { toVulnerabilityItem } from './vulnerabilities.view.ts';

const EXPORT_BATCH = 1000;

/** The organization's vulnerabilities: paged list, export and mitigation status. */
export function createVulnerabilityService({ db }: { db: Executor }) {
  async function withActions(rows: repo.VulnerabilityRow[]): Promise<TVulnerability[]> {
    const actions = await repo.actionsOf(
      db,
      rows.map((r) => r.id),
    );
    const byVuln = new Map<string, TThreatMitigationAction[]>();
    for (const a of actions)
      byVuln.set(a.vulnerabilityId, [...(byVuln.get(a.vulnerabilityId) ?? []), toAction(a)]);
    return rows.map((r) => toVulnerabilityItem(r, byVuln.get(r.id) ?? []));
  }

  return {
    async list(
      auth: AuthContext,
      query: TVulnerabilityFilters & { limit: number; offset: number },
    ): Promise<TVulnerabilityPage> {
      const [rows, total, summary] = await Promise.all([
        repo.listVulnerabilities(db, auth.organizationId, query, query),
        repo.countVulnerabilities(db, auth.organizationId, query),
        repo.summarize(db, auth.organizationId),
      ]);
      return { items: await withActions(rows), total, summary };
    },

    /** What happened to one vulnerability of the caller's organization, newest first. */
    async history(auth: AuthContext, id: string): Promise<TVulnerabilityHistory> {
      const events = await repo.eventsOf(db, auth.organizationId, id);
      if (!events) throw notFound('Vulnerability');
      return {
        items: events.map((e) => ({
          id: e.id,
          kind: e.kind,
          summary: e.summary,
          details: e.details ?? null,
          created_at: e.createdAt.toISOString(),
        })),
      };
    },

    /** Every match of the filters, in batches, for a streamed download. */
    async *exportBatches(
      auth: AuthContext,
      filters: TVulnerabilityFilters,
    ): AsyncGenerator<TVulnerability[]> {
      for (let offset = 0; ; offset += EXPORT_BATCH) {
        const rows = await repo.listVulnerabilities(db, auth.organizationId, filters, {
          limit: EXPORT_BATCH,
          offset,
        });
        if (rows.length) yield withActions(rows);
        if (rows.length < EXPORT_BATCH) return;
      }
    },

    async setActionStatus(
      auth: AuthContext,
      actionId: string,
      status: TThreatMitigationAction['status'],
      meta: RequestMeta,
    ): Promise<TThreatMitigationAction> {
      return db.transaction(async (tx) => {
        const updated = await repo.updateActionStatus(tx, auth.organizationId, actionId, status);
        if (!updated) throw notFound('Mitigation action');
        const row = updated.action;
        await insertAuditLog(
          tx,
          {
            userId: auth.userId,
            organizationId: auth.organizationId,
            action: 'mitigation_action.status',
            resourceType: 'threat_mitigation_action',
            resourceId: row.id,
            details: { status, vulnerability_id: row.vulnerabilityId },
          },
          meta,
        );
        // An action that becomes completed is a remediation applied (spec: SIEM event types).
        if (status === 'completed' && updated.was !== 'completed') {
          const vuln = await repo.findVulnerability(tx, auth.organizationId, row.vulnerabilityId);
          if (vuln) await emitSiemEvents(tx, [remediationAppliedToSiem(row, vuln, auth.userId)]);
        }
        return toAction(row);
      });
    },
  };
}

export type VulnerabilityService = ReturnType<typeof createVulnerabilityService>;
