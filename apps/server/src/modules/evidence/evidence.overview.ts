// The page's summary figures: get-compliance-dashboard (evidence counts, framework scores, the
// ledger and the public key, the trend of collected items) and get-audit-readiness (requirements
// with valid automated evidence, the gaps, what expires in the next 30 days).
import type { TComplianceFrameworkId } from '@netguard/contracts';
import { validateEvidence } from '@netguard/evidence';
import { count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { evidenceDigests, evidenceLedger } from '../../db/schema.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { assessFramework, loadEvidence } from './evidence.assess.ts';
import { readPublicKey } from './evidence.keys.ts';
import { standingOf } from './evidence.standing.ts';

export function createOverviewService(db: Executor) {
  return {
    /** get-compliance-dashboard. */
    async dashboard(
      auth: AuthContext,
      frameworkIds: TComplianceFrameworkId[],
      includeTrends: boolean,
    ) {
      const now = new Date();
      const evidence = await loadEvidence(db, auth.organizationId);
      const { frameworks, overallScore } = standingOf(evidence, frameworkIds, now);
      const statuses = evidence.items.map((i) => validateEvidence(i, now).status);
      const [ledgerRows] = await db
        .select({ n: count() })
        .from(evidenceLedger)
        .where(eq(evidenceLedger.organizationId, auth.organizationId));
      const [digests] = await db
        .select({ n: count() })
        .from(evidenceDigests)
        .where(eq(evidenceDigests.organizationId, auth.organizationId));
      const trends = includeTrends
        ? (
            (
              await db.execute(sql`
                select to_char(date_trunc('day', collected_at), 'YYYY-MM-DD') as date, count(*) as items,
                  count(*) filter (where outcome = 'not_satisfied') as not_satisfied
                from evidence_items where organization_id = ${auth.organizationId}
                  and collected_at >= ${new Date(now.getTime() - 30 * 86_400_000)}
                group by 1 order by 1`)
            ).rows as { date: string; items: string; not_satisfied: string }[]
          ).map((r) => ({
            date: r.date,
            items: Number(r.items),
            notSatisfied: Number(r.not_satisfied),
          }))
        : undefined;
      return {
        evidence: {
          total: evidence.items.length,
          valid: statuses.filter((s) => s === 'valid').length,
          expired: statuses.filter((s) => s === 'expired').length,
          pendingReview: statuses.filter((s) => s === 'pending_review').length,
          automated: evidence.items.filter((i) => i.source.kind !== 'upload').length,
          uploaded: evidence.items.filter((i) => i.source.kind === 'upload').length,
        },
        frameworks,
        overallScore,
        lastCollectedAt:
          evidence.items
            .map((i) => i.collectedAt)
            .sort()
            .at(-1) ?? null,
        ledger: { rows: ledgerRows?.n ?? 0, digests: digests?.n ?? 0 },
        key: await readPublicKey(db, auth.organizationId),
        ...(trends ? { trends } : {}),
      };
    },

    /** get-audit-readiness: requirements with valid automated evidence, gaps, what expires soon. */
    async readiness(auth: AuthContext, frameworkId: TComplianceFrameworkId, projections: boolean) {
      const now = new Date();
      const evidence = await loadEvidence(db, auth.organizationId);
      const a = assessFramework(evidence, frameworkId, now);
      const automatedIds = new Set(
        evidence.items.filter((i) => i.source.kind !== 'upload').map((i) => i.id),
      );
      const automatedValid = a.requirements.filter((r) =>
        r.evidenceIds.some((id) => automatedIds.has(id)),
      ).length;
      const soon = now.getTime() + 30 * 86_400_000;
      return {
        frameworkId,
        requirementCount: a.requirements.length,
        automatedValid,
        readiness: Math.round((automatedValid / a.requirements.length) * 1000) / 10,
        statusCounts: a.counts,
        gaps: a.requirements
          .filter((r) => r.status !== 'compliant' && r.status !== 'not_applicable')
          .map((r) => ({ id: r.id, title: r.title, status: r.status, reason: r.reason })),
        ...(projections
          ? {
              expiringIn30Days: a.items
                .filter((i) => {
                  const t = Date.parse(i.expiresAt);
                  return t > now.getTime() && t <= soon;
                })
                .map((i) => ({
                  evidenceId: i.id,
                  title: i.title,
                  expiresAt: i.expiresAt,
                  requirementIds: i.requirements.map((r) => `${r.framework}:${r.id}`),
                })),
            }
          : {}),
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
