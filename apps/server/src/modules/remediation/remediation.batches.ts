// schedule-batch-remediation: the findings' executions are created approved (scheduling the batch
// is the approval) and held until the window opens. Each tick releases the next wave of at most
// maxHostsPerRun hosts once the previous wave has ended, stops at the first failed verification
// when told to, and cancels what the closing window leaves.
// Four eyes: an action the policy wants a second person for is created proposed instead (its dry
// run runs at once, so that the approver sees the diff); approved by another administrator, it
// joins the held ones and runs in a wave like them. The batch's other actions do not wait for it:
// each was approved on its own, and the second person's approval is of that action alone. The
// batch stays open while any waits, and the closing window cancels those still unapproved.
import {
  ACTIVE_EXECUTION_STATUSES,
  needsSecondApprover,
  REMEDIATION_TEXT,
  type TBatch,
  type TScheduleBatch,
  ZScheduleBatch,
} from '@netguard/contracts';
import { actionsForCheck, type RemediationAction } from '@netguard/remediation';
import { and, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { remediationBatches, remediationExecutions } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { RequestMeta } from '../audit/audit.repo.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { HELD } from './remediation.held.ts';
import { proposeExecution } from './remediation.propose.ts';
import { findVulnerability, readPolicy } from './remediation.repo.ts';
import { mayApprove } from './remediation.service.ts';
import { moveExecution } from './remediation.transitions.ts';
import { findAction } from './remediation.view.ts';

const b = remediationBatches;
const x = remediationExecutions;
type BatchRow = typeof b.$inferSelect;

export { HELD } from './remediation.held.ts';

/** The first note of a batch's execution that waits for a second person. */
export const fourEyesNote = (batchId: string) =>
  `Proposed with batch ${batchId}: four eyes, another administrator or approver must approve it`;
/** The word a batch with a high-risk action needs typed. */
export const BATCH_ACKNOWLEDGEMENT = 'APPLY';

function pick(checkId: string | null, preferred: string[]): RemediationAction | undefined {
  const fitting = actionsForCheck(checkId ?? '').filter(
    (a) => a.automationLevel !== 'manual_guided',
  );
  for (const id of preferred) {
    const hit = fitting.find((a) => a.id === id);
    if (hit) return hit;
  }
  return preferred.length ? undefined : fitting[0];
}

async function toBatch(db: Executor, row: BatchRow): Promise<TBatch> {
  const [c] = await db
    .select({
      n: sql<number>`count(*)::int`,
      verified: sql<number>`count(*) filter (where ${x.status} = 'verified')::int`,
      failed: sql<number>`count(*) filter (where ${x.status} in ('failed', 'failed_verification'))::int`,
      awaiting: sql<number>`count(*) filter (where ${x.status} = 'proposed')::int`,
    })
    .from(x)
    .where(eq(x.batchId, row.id));
  return {
    id: row.id,
    status: row.status,
    scheduleTime: row.scheduleTime.toISOString(),
    windowEndsAt: row.windowEndsAt.toISOString(),
    maxHostsPerRun: row.maxHostsPerRun,
    stopOnFailure: row.stopOnFailure,
    executions: c?.n ?? 0,
    verified: c?.verified ?? 0,
    failed: c?.failed ?? 0,
    awaitingApproval: c?.awaiting ?? 0,
    skipped: row.skipped,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createBatchService(db: Executor) {
  return {
    async list(auth: AuthContext) {
      const rows = await db
        .select()
        .from(b)
        .where(eq(b.organizationId, auth.organizationId))
        .orderBy(desc(b.createdAt))
        .limit(100);
      return { batches: await Promise.all(rows.map((r) => toBatch(db, r))) };
    },

    async schedule(auth: AuthContext, input: TScheduleBatch, meta: RequestMeta): Promise<TBatch> {
      const body = ZScheduleBatch.parse(input);
      const policy = await readPolicy(db, auth.organizationId);
      if (!mayApprove(auth, policy))
        throw new AppError(
          'forbidden',
          403,
          'Scheduling a batch approves it: it needs an administrator',
        );
      for (const id of body.actionTemplates)
        if (!findAction(id)) throw new AppError('validation_error', 400, `Unknown action ${id}`);
      const start = new Date(body.scheduleTime);
      const skipped: { vulnerabilityId: string; reason: string }[] = [];
      const planned: {
        vuln: NonNullable<Awaited<ReturnType<typeof findVulnerability>>>;
        action: RemediationAction;
      }[] = [];
      for (const id of new Set(body.vulnerabilities)) {
        const vuln = await findVulnerability(db, auth.organizationId, id);
        if (!vuln) throw new AppError('not_found', 404, REMEDIATION_TEXT.vulnerabilityNotFound);
        const action = pick(vuln.checkId, body.actionTemplates);
        if (!action)
          skipped.push({ vulnerabilityId: id, reason: 'No automated action fixes this finding' });
        else planned.push({ vuln, action });
      }
      if (
        planned.some((p) => p.action.riskLevel === 'high') &&
        body.acknowledgement?.trim() !== BATCH_ACKNOWLEDGEMENT
      )
        throw new AppError(
          'validation_error',
          400,
          `The batch holds a high-risk action: type ${BATCH_ACKNOWLEDGEMENT} to schedule it`,
        );
      const [row] = await db
        .insert(b)
        .values({
          organizationId: auth.organizationId,
          scheduleTime: start,
          windowEndsAt: new Date(start.getTime() + body.windowMinutes * 60_000),
          maxHostsPerRun: body.maxHostsPerRun ?? policy.maxHostsPerRun,
          stopOnFailure: body.stopOnFailure,
          skipped,
          createdBy: auth.userId,
        })
        .returning();
      const batch = row as BatchRow;
      for (const { vuln, action } of planned) {
        const secondPerson = needsSecondApprover(policy.fourEyes, action.riskLevel);
        await proposeExecution(db, {
          organizationId: auth.organizationId,
          vuln,
          action,
          by: auth.userId,
          batchId: batch.id,
          ...(secondPerson
            ? { status: 'proposed', nextRunAt: null, note: fourEyesNote(batch.id) }
            : {
                status: 'approved',
                approvedBy: auth.userId,
                nextRunAt: HELD,
                note: `Approved with batch ${batch.id}`,
              }),
          meta,
        }).catch((error: unknown) => {
          if (error instanceof AppError && error.status === 400) {
            skipped.push({ vulnerabilityId: vuln.id, reason: error.message });
            return null;
          }
          throw error;
        });
      }
      await db.update(b).set({ skipped }).where(eq(b.id, batch.id));
      return toBatch(db, { ...batch, skipped });
    },
  };
}

/** Cancels what the batch holds back, and what still waits for a second person's approval. */
async function cancelHeld(db: Executor, batch: BatchRow, note: string, unapproved: string) {
  const held = await db
    .select()
    .from(x)
    .where(and(eq(x.batchId, batch.id), eq(x.status, 'approved'), eq(x.nextRunAt, HELD)));
  for (const row of held)
    await moveExecution(db, row, { from: ['approved'], to: 'cancelled', by: null, note });
  const waiting = await db
    .select()
    .from(x)
    .where(and(eq(x.batchId, batch.id), eq(x.status, 'proposed')));
  for (const row of waiting)
    await moveExecution(db, row, {
      from: ['proposed'],
      to: 'cancelled',
      by: null,
      note: unapproved,
    });
}

/** Moves every due batch on: its window, its waves, its stop on failure. */
export async function tickBatches(db: Executor): Promise<void> {
  const due = await db
    .select()
    .from(b)
    .where(and(inArray(b.status, ['scheduled', 'running']), lte(b.scheduleTime, new Date())));
  for (const batch of due) {
    const members = await db
      .select({ status: x.status, nextRunAt: x.nextRunAt, lockKey: x.lockKey, id: x.id })
      .from(x)
      .where(eq(x.batchId, batch.id));
    const held = members.filter(
      (m) => m.status === 'approved' && m.nextRunAt?.getTime() === HELD.getTime(),
    );
    const inFlight = members.filter(
      (m) =>
        (ACTIVE_EXECUTION_STATUSES as readonly string[]).includes(m.status) && !held.includes(m),
    );
    const failed = members.some((m) => m.status === 'failed' || m.status === 'failed_verification');
    const end = async (
      status: 'completed' | 'stopped' | 'cancelled',
      error: string | null = null,
    ) =>
      db
        .update(b)
        .set({ status, error })
        .where(and(eq(b.id, batch.id), ne(b.status, status)));
    if (Date.now() >= batch.windowEndsAt.getTime()) {
      await cancelHeld(
        db,
        batch,
        'The batch window ended before it ran',
        'The batch window ended before a second person approved it',
      );
      if (inFlight.length) continue;
      // What ran decides: a failure stops it (when told to), nothing run at all cancels it.
      const ran = members.filter(
        (m) => !held.includes(m) && !['cancelled', 'proposed'].includes(m.status),
      );
      if (failed && batch.stopOnFailure)
        await end('stopped', 'Stopped after a failed execution (stop on failure)');
      else if (!ran.length) await end('cancelled', 'The window ended before anything ran');
      else await end('completed');
      continue;
    }
    if (batch.status === 'scheduled')
      await db.update(b).set({ status: 'running' }).where(eq(b.id, batch.id));
    if (inFlight.length) continue;
    if (failed && batch.stopOnFailure) {
      await cancelHeld(
        db,
        batch,
        'The batch stopped after a failed execution',
        'The batch stopped after a failed execution, before a second person approved this one',
      );
      await end('stopped', 'Stopped after a failed execution (stop on failure)');
      continue;
    }
    // An execution waiting for a second person's approval keeps the batch open until the window ends.
    const awaiting = members.some((m) => m.status === 'proposed');
    if (!held.length) {
      if (!awaiting) await end('completed');
      continue;
    }
    const wave = [...new Set(held.map((m) => m.lockKey))].slice(0, batch.maxHostsPerRun);
    await db
      .update(x)
      .set({ nextRunAt: null })
      .where(and(eq(x.batchId, batch.id), eq(x.nextRunAt, HELD), inArray(x.lockKey, wave)));
  }
}
