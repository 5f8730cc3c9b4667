// Compliance evidence through the API: frameworks with derived statuses, collection on demand,
// runs, evidence items, validation and review (the summary figures: evidence.overview.ts). Every read and
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
import { evidenceItems, evidenceLedger, evidenceRuns, users } from '../../db/schema.ts';
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

    async publicKey(auth: AuthContext) {
      await ready(auth);
      const key = await readPublicKey(db, auth.organizationId);
      if (!key) throw new Error('the organization has no evidence key');
      return key;
    },
  };
}

export type EvidenceService = ReturnType<typeof createEvidenceService>;
