import type { TAssetContext, TAssetContextQuery, ZAssetContextBody } from '@netguard/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { insertAuditLog, type RequestMeta } from '../audit/audit.repo.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import * as repo from './assets.repo.ts';
import { toAssetContext } from './assets.view.ts';

/**
 * Called after an asset context changed, with the vulnerabilities on the hosts it applies to:
 * the hook point where their risk assessments are computed again.
 */
export type ReassessAfterAssetChange = (scope: {
  organizationId: string;
  vulnerabilityIds: string[];
}) => Promise<void>;

type Deps = { db: Executor; reassessAfterAssetChange?: ReassessAfterAssetChange };

/** Asset context per host or tag: every role of the organization reads, editors change. */
export function createAssetService({ db, reassessAfterAssetChange }: Deps) {
  async function reassess(organizationId: string, hosts: string[]) {
    if (!reassessAfterAssetChange) return;
    const vulnerabilityIds = await repo.vulnerabilityIdsOn(db, organizationId, hosts);
    if (vulnerabilityIds.length)
      await reassessAfterAssetChange({ organizationId, vulnerabilityIds });
  }

  return {
    async list(auth: AuthContext, query: TAssetContextQuery): Promise<TAssetContext[]> {
      const rows = await repo.listContexts(db, auth.organizationId, query);
      return rows.map(toAssetContext);
    },

    async save(
      auth: AuthContext,
      input: z.output<typeof ZAssetContextBody>,
      meta: RequestMeta,
    ): Promise<TAssetContext> {
      const row = await db.transaction(async (tx) => {
        const saved = await repo.upsertContext(tx, auth.organizationId, auth.userId, {
          kind: input.kind,
          target: input.target,
          criticality: input.criticality,
          missionPrevalence: input.mission_prevalence,
          publicWellbeing: input.public_wellbeing,
          exposure: input.exposure,
          owner: input.owner || null,
          tags: [...new Set(input.tags)],
        });
        await insertAuditLog(
          tx,
          {
            userId: auth.userId,
            organizationId: auth.organizationId,
            action: 'asset_context.saved',
            resourceType: 'asset_context',
            resourceId: saved.id,
            details: { kind: saved.kind, target: saved.target, criticality: saved.criticality },
          },
          meta,
        );
        return saved;
      });
      await reassess(auth.organizationId, await repo.hostsOf(db, auth.organizationId, row));
      return toAssetContext(row);
    },

    async remove(auth: AuthContext, id: string, meta: RequestMeta): Promise<void> {
      const hosts = await db.transaction(async (tx) => {
        const row = await repo.deleteContext(tx, auth.organizationId, id);
        if (!row) throw notFound('Asset context');
        await insertAuditLog(
          tx,
          {
            userId: auth.userId,
            organizationId: auth.organizationId,
            action: 'asset_context.deleted',
            resourceType: 'asset_context',
            resourceId: row.id,
            details: { kind: row.kind, target: row.target },
          },
          meta,
        );
        // A deleted tag context applied to the hosts still listing its tag.
        return row.kind === 'host' ? [row.target] : repo.hostsOf(tx, auth.organizationId, row);
      });
      await reassess(auth.organizationId, hosts);
    },
  };
}

export type AssetService = ReturnType<typeof createAssetService>;
