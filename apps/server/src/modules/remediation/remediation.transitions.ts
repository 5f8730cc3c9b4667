// Moving an execution through its state machine: the status, the transition appended to its
// timeline, a security event, a SIEM event (remediation_applied) when the transition is about a
// change made to the target, and the realtime notice, all in one transaction. A move into a running state on a host that another execution is changing
// breaks the one-per-host index: HostBusy, and the execution waits.
import {
  FINISHED_EXECUTION_STATUSES,
  type TEventSeverity,
  type TExecutionStatus,
} from '@netguard/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { remediationExecutions } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/errors.ts';
import { notifyRealtime } from '../../realtime/notify.ts';
import { insertSecurityEvent, type RequestMeta } from '../audit/audit.repo.ts';
import { remediationTransitionToSiem } from '../siem/siem.events.ts';
import { emitSiemEvents } from '../siem/siem.outbox.ts';
import { type ExecutionRow, findVulnerability } from './remediation.repo.ts';
import { findAction } from './remediation.view.ts';

const x = remediationExecutions;

/** Another execution is changing the same host: this one waits. */
export class HostBusy extends Error {
  override name = 'HostBusy';
}

const TERMINAL: readonly TExecutionStatus[] = [
  ...FINISHED_EXECUTION_STATUSES,
  'cancelled',
  'dry_run_completed',
];

const SEVERITY: Partial<Record<TExecutionStatus, TEventSeverity>> = {
  executing: 'medium',
  applied: 'medium',
  rolling_back: 'medium',
  rolled_back: 'medium',
  failed: 'high',
  failed_verification: 'high',
};

/** Transitions that tell of a change made to the target: applied, confirmed, unconfirmed, undone. */
const CHANGE_STATUSES: readonly TExecutionStatus[] = [
  'applied',
  'verified',
  'failed_verification',
  'rolled_back',
];

/**
 * Whether a SIEM hears of the transition (remediation_applied): a change made, verified, failed
 * verification or rolled back, and a failure after the change was applied (a rollback that could
 * not restore). Proposals, approvals, dry runs, cancellations and failures before any change are
 * the security event log's only.
 */
export const reachesSiem = (row: Pick<ExecutionRow, 'transitions'>, to: TExecutionStatus) =>
  CHANGE_STATUSES.includes(to) ||
  (to === 'failed' && row.transitions.some((t) => t.status === 'applied'));

/** What a job records its transitions with (no request). */
export const JOB_META: RequestMeta = { ip: '127.0.0.1', userAgent: 'netguard-remediation' };

export type Move = {
  /** Only from these states (the move is skipped, null returned, when it is in another). */
  from: readonly TExecutionStatus[];
  to: TExecutionStatus;
  by: string | null;
  note?: string | null;
  set?: Partial<typeof x.$inferInsert>;
  meta?: RequestMeta;
};

export async function moveExecution(
  db: Executor,
  row: Pick<ExecutionRow, 'id' | 'organizationId'>,
  move: Move,
): Promise<ExecutionRow | null> {
  const entry = {
    at: new Date().toISOString(),
    status: move.to,
    by: move.by,
    note: move.note ?? null,
  };
  try {
    return await db.transaction(async (tx) => {
      const [moved] = await tx
        .update(x)
        .set({
          ...move.set,
          status: move.to,
          transitions: sql`${x.transitions} || ${JSON.stringify([entry])}::jsonb`,
          updatedAt: new Date(),
          ...(TERMINAL.includes(move.to) ? { finishedAt: new Date() } : {}),
        })
        .where(
          and(
            eq(x.id, row.id),
            eq(x.organizationId, row.organizationId),
            inArray(x.status, [...move.from]),
          ),
        )
        .returning();
      if (!moved) return null;
      await recordTransition(tx, moved, move);
      return moved;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HostBusy('another execution is changing this host');
    throw error;
  }
}

/**
 * The security event, the SIEM event (when reachesSiem) and the realtime notice of a transition
 * (moveExecution's, or a proposal's).
 */
export async function recordTransition(
  tx: Executor,
  row: ExecutionRow,
  move: Pick<Move, 'to' | 'by' | 'note' | 'meta'>,
) {
  const note = move.note ?? null;
  const action = findAction(row.actionId);
  const name = action?.name ?? row.actionId;
  await insertSecurityEvent(
    tx,
    {
      userId: move.by,
      organizationId: row.organizationId,
      eventType: 'data_access',
      severity: SEVERITY[move.to] ?? 'low',
      description: `Remediation ${name} on ${row.target}: ${move.to.replaceAll('_', ' ')}`,
      metadata: { executionId: row.id, actionId: row.actionId, status: move.to, note },
    },
    move.meta ?? JOB_META,
  );
  if (reachesSiem(row, move.to)) await emitChange(tx, row, move, name, action?.type);
  await notifyExecution(tx, row);
}

async function emitChange(
  tx: Executor,
  row: ExecutionRow,
  move: Pick<Move, 'to' | 'by' | 'note'>,
  name: string,
  type: string | undefined,
) {
  const vuln = row.vulnerabilityId
    ? await findVulnerability(tx, row.organizationId, row.vulnerabilityId)
    : null;
  await emitSiemEvents(tx, [
    remediationTransitionToSiem(
      {
        executionId: row.id,
        organizationId: row.organizationId,
        actionId: row.actionId,
        actionName: name,
        actionType: type ?? 'configuration',
        status: move.to,
        target: row.target,
        note: move.note ?? null,
      },
      vuln,
      move.by,
    ),
  ]);
}

/** The realtime notice of a change that is not a transition (a dry run computed, a step logged). */
export const notifyExecution = (db: Executor, row: Pick<ExecutionRow, 'id' | 'organizationId'>) =>
  notifyRealtime(db, {
    table: 'remediation_executions',
    event: 'UPDATE',
    id: row.id,
    organization_id: row.organizationId,
  });
