// Compliance evidence through the API: frameworks with derived statuses, collection on demand,
// runs, evidence items, validation, review, the dashboard and audit readiness. Every read and
// write is scoped to the caller's organization (and row-level security under it).
import {
  COMPLIANCE_FRAMEWORK_IDS,
  EVIDENCE_TEXT,
  type TCollectEvidence,
  type TComplianceFrameworkId,
  type TEvidenceValidation,
  type TValidateEvidence,
  ZCollectEvidence,
} from '@netguard/contracts';
import { canonicalSha256, contentOf, findRequirement, validateEvidence } from '@netguard/evidence';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  evidenceDigests,
  evidenceItems,
  evidenceLedger,
  evidenceRuns,
  users,
} from '../../db/schema.ts';
import { afterCommit } from '../../db/tenant-scope.ts';
import { AppError } from '../../lib/errors.ts';
import type { Sealer } from '../../lib/sealed-secrets.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { COLLECTORS, collectorsFor, findCollector } from './collectors/index.ts';
import { assessFramework, frameworkView, loadEvidence } from './evidence.assess.ts';
import { type ItemRow, toItem } from './evidence.items.ts';
import { ensureKey, lockKey, readPublicKey } from './evidence.keys.ts';
import { appendLedger } from './evidence.ledger.ts';
import { ensureDefaultSchedules } from './evidence.schedule.ts';
import { toItemView, toRunView } from './evidence.view.ts';

const bad = (message: string) => new AppError('validation_error', 400, message);
export const evidenceNotFound = () => new AppError('not_found', 404, EVIDENCE_TEXT.notFound);

export type EvidenceDeps = { db: Executor; sealer: Sealer; wake: (runId: string) => Promise<void> };

export function createEvidenceService(deps: EvidenceDeps) {
  const { db, sealer } = deps;

  /** The organization's key and default schedules, made on its first use of the page. */
  const ready = async (auth: AuthContext) => {
    await ensureKey(db, sealer, auth.organizationId);
    await ensureDefaultSchedules(db, auth.organizationId);
  };

  async function findItem(auth: AuthContext, id: string): Promise<ItemRow> {
    const [row] = await db
      .select()
      .from(evidenceItems)
      .where(and(eq(evidenceItems.organizationId, auth.organizationId), eq(evidenceItems.id, id)));
    if (!row) throw evidenceNotFound();
    return row;
  }

  const emailOf = async (userId: string | null) => {
    if (!userId) return null;
    const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return u?.email ?? null;
  };

  return {
    ready,
    findItem,

    /** get-compliance-frameworks. */
    async frameworks(auth: AuthContext, includeRequirements: boolean) {
      const now = new Date();
      const evidence = await loadEvidence(db, auth.organizationId);
      return {
        frameworks: COMPLIANCE_FRAMEWORK_IDS.map((id) =>
          frameworkView(assessFramework(evidence, id, now), includeRequirements),
        ),
        collectorCount: COLLECTORS.length,
      };
    },

    /** collect-compliance-evidence: a run for a framework, one requirement, or everything. */
    async collect(auth: AuthContext, input: TCollectEvidence) {
      const body = ZCollectEvidence.parse(input);
      const { frameworkId, requirementId } = body;
      if (frameworkId && requirementId && !findRequirement(frameworkId, requirementId))
        throw bad(EVIDENCE_TEXT.unknownRequirement(frameworkId, requirementId));
      const named = body.options?.collectorIds ?? [];
      const unknown = named.find((id) => !findCollector(id));
      if (unknown) throw bad(EVIDENCE_TEXT.unknownCollector(unknown));
      if (requirementId && frameworkId && collectorsFor(frameworkId, requirementId).length === 0)
        throw bad(EVIDENCE_TEXT.noCollector(`${frameworkId}:${requirementId}`));
      await ready(auth);
      const [run] = await db
        .insert(evidenceRuns)
        .values({
          organizationId: auth.organizationId,
          frameworkId: frameworkId ?? null,
          requirementId: requirementId ?? null,
          collectorIds: named.length ? named : null,
          trigger: 'manual',
          status: 'queued',
          requestedBy: auth.userId,
        })
        .returning();
      if (!run) throw new Error('the run was not stored');
      await afterCommit(() => deps.wake(run.id).catch(() => undefined));
      return toRunView(run);
    },

    async run(auth: AuthContext, id: string) {
      const [run] = await db
        .select()
        .from(evidenceRuns)
        .where(and(eq(evidenceRuns.organizationId, auth.organizationId), eq(evidenceRuns.id, id)));
      if (!run) throw new AppError('not_found', 404, EVIDENCE_TEXT.runNotFound);
      return toRunView(run);
    },

    async runs(auth: AuthContext) {
      const list = await db
        .select()
        .from(evidenceRuns)
        .where(eq(evidenceRuns.organizationId, auth.organizationId))
        .orderBy(desc(evidenceRuns.createdAt))
        .limit(50);
      return { runs: list.map(toRunView) };
    },

    /** Evidence Items: newest first, by framework, requirement or status. */
    async list(
      auth: AuthContext,
      q: {
        frameworkId?: TComplianceFrameworkId;
        requirementId?: string;
        status?: 'valid' | 'expired' | 'pending_review';
        limit: number;
        offset: number;
        /** A granted auditor's audit periods: evidence observed within one of them. */
        periods?: { start: Date; end: Date }[];
      },
    ) {
      const now = new Date();
      const where = and(
        eq(evidenceItems.organizationId, auth.organizationId),
        q.frameworkId && q.requirementId
          ? sql`${`${q.frameworkId}:${q.requirementId}`} = any(${evidenceItems.requirementIds})`
          : q.frameworkId
            ? sql`exists (select 1 from unnest(${evidenceItems.requirementIds}) r where r like ${`${q.frameworkId}:%`})`
            : undefined,
        q.status
          ? sql`(case when ${evidenceItems.expiresAt} <= ${now} then 'expired'
                 when ${evidenceItems.reviewRequired} and ${evidenceItems.reviewedAt} is null then 'pending_review'
                 else 'valid' end) = ${q.status}`
          : undefined,
        q.periods
          ? sql`(${sql.join(
              q.periods.map(
                (p) => sql`${evidenceItems.observedAt} between ${p.start} and ${p.end}`,
              ),
              sql` or `,
            )})`
          : undefined,
      );
      const [total] = await db.select({ n: count() }).from(evidenceItems).where(where);
      const list = await db
        .select()
        .from(evidenceItems)
        .where(where)
        .orderBy(desc(evidenceItems.collectedAt), desc(evidenceItems.id))
        .limit(q.limit)
        .offset(q.offset);
      return { items: list.map((r) => toItemView(r, now)), total: total?.n ?? 0 };
    },

    async get(auth: AuthContext, id: string) {
      const row = await findItem(auth, id);
      return toItemView(row, new Date(), await emailOf(row.reviewedBy));
    },

    /** validate-evidence: recomputes the hash, checks expiry, compares with the ledger. */
    async validate(auth: AuthContext, input: TValidateEvidence): Promise<TEvidenceValidation> {
      const row = await findItem(auth, input.evidenceId);
      const now = new Date();
      const item = toItem(row);
      const { contentHash: _, ...rest } = item;
      const computed = canonicalSha256(contentOf(rest));
      const [ledger] = await db
        .select({ hash: evidenceLedger.contentHash })
        .from(evidenceLedger)
        .where(
          and(
            eq(evidenceLedger.organizationId, auth.organizationId),
            eq(evidenceLedger.evidenceId, row.id),
            eq(evidenceLedger.kind, 'evidence_added'),
          ),
        )
        .limit(1);
      const result = validateEvidence(item, now);
      const tampered =
        computed !== row.contentHash || (ledger ? ledger.hash !== row.contentHash : true);
      const reasons: string[] = [];
      if (input.checkIntegrity) {
        if (computed !== row.contentHash)
          reasons.push(
            `tampered: the content hashes to ${computed}, not the stored ${row.contentHash}`,
          );
        else if (!ledger) reasons.push('tampered: no ledger row records this evidence');
        else if (ledger.hash !== row.contentHash)
          reasons.push(
            `tampered: the ledger recorded ${ledger.hash}, not the stored ${row.contentHash}`,
          );
        else reasons.push(`integrity verified: ${computed}`);
      }
      if (input.checkExpiration)
        reasons.push(
          result.status === 'expired'
            ? `expired at ${item.expiresAt}`
            : `valid until ${item.expiresAt}`,
        );
      if (result.status === 'pending_review') reasons.push('waiting for a reviewer');
      return {
        evidenceId: row.id,
        status: result.status,
        tampered: input.checkIntegrity ? tampered : null,
        expired: input.checkExpiration ? result.status === 'expired' : null,
        storedHash: row.contentHash,
        computedHash: input.checkIntegrity ? computed : null,
        ledgerHash: ledger?.hash ?? null,
        reason: reasons.join('; '),
      };
    },

    /** An auditor (or admin) marks an uploaded item reviewed: a ledger row records it. */
    async review(auth: AuthContext, id: string) {
      const row = await findItem(auth, id);
      if (!row.reviewRequired) throw bad(EVIDENCE_TEXT.noReviewNeeded);
      if (row.reviewedAt) throw new AppError('conflict', 409, EVIDENCE_TEXT.alreadyReviewed);
      const now = new Date();
      await db.transaction(async (tx) => {
        await lockKey(tx, sealer, auth.organizationId);
        const status = row.expiresAt <= now ? 'expired' : 'valid';
        await tx
          .update(evidenceItems)
          .set({ reviewedAt: now, reviewedBy: auth.userId, status })
          .where(eq(evidenceItems.id, row.id));
        await appendLedger(tx, auth.organizationId, [
          {
            organizationId: auth.organizationId,
            kind: 'evidence_reviewed',
            evidenceId: row.id,
            contentHash: row.contentHash,
            status,
            at: now.toISOString(),
          },
        ]);
      });
      return toItemView(
        { ...row, reviewedAt: now, reviewedBy: auth.userId },
        now,
        await emailOf(auth.userId),
      );
    },

    /** get-compliance-dashboard. */
    async dashboard(
      auth: AuthContext,
      frameworkIds: TComplianceFrameworkId[],
      includeTrends: boolean,
    ) {
      const now = new Date();
      const evidence = await loadEvidence(db, auth.organizationId);
      const frameworks = frameworkIds.map((id) =>
        frameworkView(assessFramework(evidence, id, now), false),
      );
      const scored = frameworks.filter((f) => f.score !== null);
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
        overallScore: scored.length
          ? Math.round((scored.reduce((a, f) => a + (f.score ?? 0), 0) / scored.length) * 10) / 10
          : null,
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

    async publicKey(auth: AuthContext) {
      await ready(auth);
      const key = await readPublicKey(db, auth.organizationId);
      if (!key) throw new Error('the organization has no evidence key');
      return key;
    },
  };
}

export type EvidenceService = ReturnType<typeof createEvidenceService>;
