// Evidence requests: an auditor (a grant holder within the grant's frameworks) asks for evidence
// for one requirement; admins see the open ones and close each, fulfilled by an evidence item
// that serves the requirement or a completed collection run of its framework, or declined with a
// reason. Opening and closing are ledger rows (evidence_requested, evidence_request_closed: the
// request's id and canonical hash, its status), so the signed digests cover them, and security
// events.
import {
  EVIDENCE_TEXT,
  REQUEST_TEXT,
  type TComplianceFrameworkId,
  type TEvidenceRequest,
  type TEvidenceRequestClose,
  type TEvidenceRequestCreate,
  type TEvidenceRequestStatus,
} from '@netguard/contracts';
import { canonicalSha256, findRequirement, type JsonValue } from '@netguard/evidence';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { evidenceItems, evidenceRequests, evidenceRuns, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { Sealer } from '../../lib/sealed-secrets.ts';
import { insertSecurityEvent, type RequestMeta } from '../audit/audit.repo.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { type AuditorScope, requireFramework } from './evidence.grants.ts';
import { ensureKey, lockKey } from './evidence.keys.ts';
import { appendLedger } from './evidence.ledger.ts';

type Row = typeof evidenceRequests.$inferSelect;

const bad = (message: string) => new AppError('validation_error', 400, message);
const requester = alias(users, 'requester');
const closer = alias(users, 'closer');

const view = (r: Row, requestedBy: string | null, closedBy: string | null): TEvidenceRequest => ({
  id: r.id,
  frameworkId: r.frameworkId as TComplianceFrameworkId,
  requirementId: r.requirementId,
  message: r.message,
  status: r.status,
  requestedBy,
  createdAt: r.createdAt.toISOString(),
  closedAt: r.closedAt?.toISOString() ?? null,
  closedBy,
  reason: r.reason,
  evidenceId: r.evidenceId,
  runId: r.runId,
});

/** What the ledger row of a request's state hashes: everything but who (a deletable member). */
const requestHash = (r: Row) =>
  canonicalSha256({
    id: r.id,
    frameworkId: r.frameworkId,
    requirementId: r.requirementId,
    message: r.message,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    closedAt: r.closedAt?.toISOString() ?? null,
    reason: r.reason,
    evidenceId: r.evidenceId,
    runId: r.runId,
  } satisfies JsonValue);

export function createRequestService(db: Executor, sealer: Sealer) {
  /** Writes the request (insert or close) and its ledger row under the organization's key lock. */
  async function recorded(auth: AuthContext, write: (tx: Executor) => Promise<Row | undefined>) {
    await ensureKey(db, sealer, auth.organizationId);
    return db.transaction(async (tx) => {
      await lockKey(tx, sealer, auth.organizationId);
      const row = await write(tx);
      if (!row) return undefined;
      await appendLedger(tx, auth.organizationId, [
        {
          organizationId: auth.organizationId,
          kind: row.status === 'open' ? 'evidence_requested' : 'evidence_request_closed',
          evidenceId: row.id,
          contentHash: requestHash(row),
          status: row.status,
          at: (row.closedAt ?? row.createdAt).toISOString(),
        },
      ]);
      return row;
    });
  }

  /** Requests with their requester's and closer's e-mail; `where` names the organization. */
  const select = () =>
    db
      .select({ r: evidenceRequests, requestedBy: requester.email, closedBy: closer.email })
      .from(evidenceRequests)
      .leftJoin(requester, eq(requester.id, evidenceRequests.requestedBy))
      .leftJoin(closer, eq(closer.id, evidenceRequests.closedBy))
      .$dynamic();
  const emailOf = async (userId: string) =>
    (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email ??
    null;

  const event = (auth: AuthContext, meta: RequestMeta, description: string, r: Row) =>
    insertSecurityEvent(
      db,
      {
        userId: auth.userId,
        organizationId: auth.organizationId,
        eventType: 'data_access',
        severity: 'low',
        description,
        metadata: {
          action: r.status === 'open' ? 'evidence_requested' : 'evidence_request_closed',
          requestId: r.id,
          frameworkId: r.frameworkId,
          requirementId: r.requirementId,
          status: r.status,
          evidenceId: r.evidenceId,
          runId: r.runId,
        },
      },
      meta,
    );

  /** The fulfilling item or run, checked against the request's requirement. */
  async function checkFulfilment(
    auth: AuthContext,
    r: Row,
    by: { evidenceId?: string; runId?: string },
  ) {
    const ref = `${r.frameworkId}:${r.requirementId}`;
    if (by.evidenceId) {
      const [item] = await db
        .select({ requirementIds: evidenceItems.requirementIds })
        .from(evidenceItems)
        .where(
          and(
            eq(evidenceItems.organizationId, auth.organizationId),
            eq(evidenceItems.id, by.evidenceId),
          ),
        );
      if (!item) throw new AppError('not_found', 404, EVIDENCE_TEXT.notFound);
      if (!item.requirementIds.includes(ref))
        throw bad(REQUEST_TEXT.evidenceNotForRequirement(ref));
      return;
    }
    const [run] = await db
      .select()
      .from(evidenceRuns)
      .where(
        and(eq(evidenceRuns.organizationId, auth.organizationId), eq(evidenceRuns.id, by.runId!)),
      );
    if (!run) throw new AppError('not_found', 404, EVIDENCE_TEXT.runNotFound);
    if (run.status !== 'completed') throw bad(REQUEST_TEXT.runNotCompleted);
    if (run.frameworkId && run.frameworkId !== r.frameworkId)
      throw bad(REQUEST_TEXT.runNotForFramework(r.frameworkId));
  }

  return {
    /** Newest first; a granted auditor sees those of the granted frameworks. */
    async list(auth: AuthContext, status: TEvidenceRequestStatus | undefined, scope: AuditorScope) {
      const where = and(
        eq(evidenceRequests.organizationId, auth.organizationId),
        status ? eq(evidenceRequests.status, status) : undefined,
        scope ? inArray(evidenceRequests.frameworkId, [...scope.frameworks]) : undefined,
      );
      const rows = await select()
        .where(where)
        .orderBy(desc(evidenceRequests.createdAt), desc(evidenceRequests.id))
        .limit(200);
      return { requests: rows.map((x) => view(x.r, x.requestedBy, x.closedBy)) };
    },

    async create(
      auth: AuthContext,
      body: TEvidenceRequestCreate,
      scope: AuditorScope,
      meta: RequestMeta,
    ) {
      requireFramework(scope, body.frameworkId);
      if (!findRequirement(body.frameworkId, body.requirementId))
        throw bad(EVIDENCE_TEXT.unknownRequirement(body.frameworkId, body.requirementId));
      const row = await recorded(auth, async (tx) => {
        const [made] = await tx
          .insert(evidenceRequests)
          .values({
            organizationId: auth.organizationId,
            frameworkId: body.frameworkId,
            requirementId: body.requirementId,
            message: body.message,
            requestedBy: auth.userId,
          })
          .returning();
        return made;
      });
      if (!row) throw new Error('the request was not stored');
      await event(
        auth,
        meta,
        `Evidence requested for ${body.frameworkId}:${body.requirementId}`,
        row,
      );
      return view(row, await emailOf(auth.userId), null);
    },

    async close(auth: AuthContext, id: string, body: TEvidenceRequestClose, meta: RequestMeta) {
      const [found] = await select().where(
        and(eq(evidenceRequests.organizationId, auth.organizationId), eq(evidenceRequests.id, id)),
      );
      if (!found) throw new AppError('not_found', 404, REQUEST_TEXT.notFound);
      if (found.r.status !== 'open')
        throw new AppError('conflict', 409, REQUEST_TEXT.alreadyClosed(found.r.status));
      if (body.outcome === 'fulfilled') await checkFulfilment(auth, found.r, body);
      const row = await recorded(auth, async (tx) => {
        const [closed] = await tx
          .update(evidenceRequests)
          .set({
            status: body.outcome,
            closedAt: new Date(),
            closedBy: auth.userId,
            reason: body.outcome === 'declined' ? body.reason : null,
            evidenceId: body.outcome === 'fulfilled' ? (body.evidenceId ?? null) : null,
            runId: body.outcome === 'fulfilled' ? (body.runId ?? null) : null,
          })
          // Only an open request closes: two admins closing at once, the second gets the 409.
          .where(and(eq(evidenceRequests.id, id), eq(evidenceRequests.status, 'open')))
          .returning();
        return closed;
      });
      if (!row) throw new AppError('conflict', 409, REQUEST_TEXT.alreadyClosed('closed'));
      const ref = `${row.frameworkId}:${row.requirementId}`;
      await event(auth, meta, `Evidence request for ${ref} ${row.status}`, row);
      return view(row, found.requestedBy, await emailOf(auth.userId));
    },
  };
}

export type RequestService = ReturnType<typeof createRequestService>;
