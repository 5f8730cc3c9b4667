// The job that moves one execution forward: claims it (a heartbeat no other runner may steal
// while fresh), then runs the step its state calls for until it waits for a person, for a busy
// host, or ends. A runner killed half way leaves the state and the captured previous state in the
// row; the sweep hands it to another runner, which resumes from there.
import { ROLLBACK_FROM_STATUSES, type TDryRun } from '@netguard/contracts';
import { RemediationError, type StepLog, type Verification } from '@netguard/remediation';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { remediationExecutions, vulnerabilities } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Driver, DriverFactory } from './remediation.driver.ts';
import { type ExecutionRow, readPolicy } from './remediation.repo.ts';
import { HostBusy, moveExecution, notifyExecution } from './remediation.transitions.ts';
import { combine, findingsOf, runChecks } from './remediation.verify.ts';

const x = remediationExecutions;
/** A runner refreshes its claim this often; a claim older than STALE_SECONDS is taken over. */
const BEAT_MS = 3_000;
export const STALE_SECONDS = 15;
/** A busy host is tried again after this long. */
const BUSY_RETRY_MS = 2_000;
/** Steps of one run at most (each moves the state on; a loop cannot run away). */
const MAX_STEPS = 12;

export type RunnerDeps = { db: Executor; drivers: DriverFactory; log: Logger };

async function claim(db: Executor, id: string): Promise<ExecutionRow | null> {
  const [row] = await db
    .update(x)
    .set({ heartbeatAt: new Date(), attempts: sql`${x.attempts} + 1` })
    .where(
      and(
        eq(x.id, id),
        or(
          isNull(x.heartbeatAt),
          lt(x.heartbeatAt, sql`now() - make_interval(secs => ${STALE_SECONDS})`),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

const release = (db: Executor, id: string, nextRunAt: Date | null = null) =>
  db.update(x).set({ heartbeatAt: null, nextRunAt }).where(eq(x.id, id));

const failureOf = (error: unknown) =>
  error instanceof RemediationError
    ? { message: error.message, log: error.log }
    : { message: error instanceof Error ? error.message : String(error), log: [] as StepLog[] };

/** The diffs a person approved, compared with a fresh dry run's: a host that changed stops. */
function drift(approved: TDryRun | null, fresh: TDryRun): string | null {
  if (!approved) return null;
  // Compared field by field: the stored one comes back from jsonb with its keys reordered.
  const key = (d: TDryRun) => JSON.stringify(d.diffs.map((x) => [x.target, x.diff]));
  return key(approved) === key(fresh)
    ? null
    : 'The target changed since the dry run was approved; review the new dry run and approve again';
}

/** Runs an execution as far as it goes now. */
export async function runExecution(deps: RunnerDeps, id: string): Promise<void> {
  const { db } = deps;
  const claimed = await claim(db, id);
  if (!claimed) return;
  const beat = setInterval(() => {
    db.update(x)
      .set({ heartbeatAt: new Date() })
      .where(eq(x.id, id))
      .catch(() => undefined);
  }, BEAT_MS);
  let driver: Driver | null = null;
  let nextRunAt: Date | null = null;
  const connect = async (row: ExecutionRow) => {
    driver ??= await deps.drivers(row);
    return driver;
  };
  try {
    let row: ExecutionRow | null = claimed;
    for (let i = 0; i < MAX_STEPS && row; i++) {
      const current: ExecutionRow = row;
      const next: ExecutionRow | null = await step(deps, current, connect).catch(
        async (error: unknown) => {
          if (error instanceof HostBusy) {
            nextRunAt = new Date(Date.now() + BUSY_RETRY_MS);
            return null;
          }
          return fail(db, current, error);
        },
      );
      if (!next || next.status === row.status) break;
      row = next;
    }
  } finally {
    clearInterval(beat);
    await (driver as Driver | null)?.close().catch(() => undefined);
    await release(db, id, nextRunAt);
  }
}

type Connect = (row: ExecutionRow) => Promise<Driver>;

/** One step from the row's state; the row after it, or null when it waits. */
async function step(
  deps: RunnerDeps,
  row: ExecutionRow,
  connect: Connect,
): Promise<ExecutionRow | null> {
  const { db } = deps;
  if (row.rollbackRequestedAt && (ROLLBACK_FROM_STATUSES as readonly string[]).includes(row.status))
    return moveExecution(db, row, {
      from: ROLLBACK_FROM_STATUSES,
      to: 'rolling_back',
      by: row.rollbackRequestedBy,
      note: 'Rollback requested while another execution was changing the host',
      set: { rollbackRequestedAt: null, rollbackRequestedBy: null },
    });
  switch (row.status) {
    case 'proposed': {
      if (row.dryRun) return row.dryRunOnly ? completeDryRun(db, row) : null;
      const dryRun = await (await connect(row)).dryRun();
      // A dry run only ends with its dry run, in one move: it is never seen proposed with one.
      if (row.dryRunOnly) return completeDryRun(db, row, dryRun);
      const [updated] = await db
        .update(x)
        .set({ dryRun, updatedAt: new Date() })
        .where(and(eq(x.id, row.id), eq(x.status, 'proposed')))
        .returning();
      if (!updated) return null;
      await notifyExecution(db, updated);
      if (!updated.autoApproved) return null;
      return moveExecution(db, updated, {
        from: ['proposed'],
        to: 'approved',
        by: updated.approvedBy,
        note: 'Auto-approved: a fully automated action, allowed by the policy',
      });
    }
    case 'approved':
      return moveExecution(db, row, { from: ['approved'], to: 'dry_run', by: null });
    case 'dry_run': {
      const fresh = await (await connect(row)).dryRun();
      const changed = drift(row.dryRun, fresh);
      if (changed)
        return moveExecution(db, row, {
          from: ['dry_run'],
          to: 'failed',
          by: null,
          note: changed,
          set: { dryRun: fresh, error: changed },
        });
      return moveExecution(db, row, {
        from: ['dry_run'],
        to: 'executing',
        by: null,
        set: { dryRun: fresh },
      });
    }
    case 'executing': {
      const driver = await connect(row);
      // The state before the change is stored before anything changes; a resumed apply keeps
      // the first capture (the second would capture its own half-done change).
      const result = await driver.apply(async (state) => {
        await db
          .update(x)
          .set({ captured: sql`coalesce(${x.captured}, ${JSON.stringify(state)}::jsonb)` })
          .where(eq(x.id, row.id));
      });
      return moveExecution(db, row, {
        from: ['executing'],
        to: 'applied',
        by: null,
        set: { steps: [...row.steps, ...result.log] },
      });
    }
    case 'applied':
      return moveExecution(db, row, { from: ['applied'], to: 'verifying', by: null });
    case 'verifying':
      return verifyApply(deps, row, await connect(row));
    case 'rolling_back':
      return rollBack(deps, row, await connect(row));
    default:
      return null;
  }
}

/**
 * A dry run only ends with its dry run (stored with the move; already there for one a stopped
 * runner left proposed): nothing was, or will be, changed.
 */
const completeDryRun = (db: Executor, row: ExecutionRow, dryRun?: TDryRun) =>
  moveExecution(db, row, {
    from: ['proposed'],
    to: 'dry_run_completed',
    by: null,
    note: 'Dry run only: the change was computed and shown, nothing was changed',
    ...(dryRun ? { set: { dryRun } } : {}),
  });

async function verifyApply(deps: RunnerDeps, row: ExecutionRow, driver: Driver) {
  const { db } = deps;
  const results = await runChecks(db, row, driver, 'apply');
  const verification = combine(results);
  if (!verification.fixed) return failVerification(db, row, verification);
  const fixed = findingsOf(results, true);
  return db.transaction(async (tx) => {
    const moved = await moveExecution(tx, row, {
      from: ['verifying'],
      to: 'verified',
      by: null,
      note: 'The check no longer reports the finding',
      set: { verification },
    });
    // Every finding the checks no longer report: the execution's, and the same check's on the
    // host's other ports when the fix covers them all.
    if (moved && fixed.length)
      await tx
        .update(vulnerabilities)
        .set({ state: 'fixed', fixedAt: new Date() })
        .where(
          and(
            inArray(vulnerabilities.id, fixed),
            eq(vulnerabilities.organizationId, row.organizationId),
          ),
        );
    return moved;
  });
}

/**
 * The check still reports the finding: failed_verification, its evidence kept; then what the
 * organization's policy says: rolled back at once (the default), or left applied for a person.
 */
async function failVerification(db: Executor, row: ExecutionRow, verification: Verification) {
  const { onFailedVerification: action } = await readPolicy(db, row.organizationId);
  const failed = await moveExecution(db, row, {
    from: ['verifying'],
    to: 'failed_verification',
    by: null,
    note:
      action === 'keep'
        ? "The check still reports the finding; the change stays applied, as the organization's policy says, until someone rolls it back"
        : 'The check still reports the finding',
    set: { verification, failedVerificationAction: action },
  });
  if (!failed || action === 'keep') return failed;
  return moveExecution(db, failed, {
    from: ['failed_verification'],
    to: 'rolling_back',
    by: null,
    note: "Rolled back automatically: the change failed verification and the organization's policy rolls such a change back",
  });
}

async function rollBack(deps: RunnerDeps, row: ExecutionRow, driver: Driver) {
  const { db } = deps;
  if (!row.captured)
    return moveExecution(db, row, {
      from: ['rolling_back'],
      to: 'failed',
      by: null,
      note: 'Nothing was captured before the apply, so there is nothing to restore',
      set: { error: 'Nothing was captured before the apply' },
    });
  const result = await driver.rollback(row.captured);
  const results = await runChecks(db, row, driver, 'rollback');
  const rollbackVerification = combine(results);
  const reported = findingsOf(results, false);
  // After a rollback the finding is expected back: "fixed" would mean the original state is not.
  const back = !rollbackVerification.fixed;
  return db.transaction(async (tx) => {
    const moved = await moveExecution(tx, row, {
      from: ['rolling_back'],
      to: 'rolled_back',
      by: null,
      note: back
        ? 'The captured state is restored and the check reports the finding again'
        : 'The captured state is restored, but the check does not report the finding',
      set: { steps: [...row.steps, ...result.log], rollbackVerification },
    });
    if (moved && reported.length)
      await tx
        .update(vulnerabilities)
        .set({
          state: 'open',
          fixedAt: null,
          reopenedAt: new Date(),
          reopenCount: sql`${vulnerabilities.reopenCount} + 1`,
        })
        .where(
          and(
            inArray(vulnerabilities.id, reported),
            eq(vulnerabilities.organizationId, row.organizationId),
            eq(vulnerabilities.state, 'fixed'),
          ),
        );
    return moved;
  });
}

/** A step failed: the execution fails with the reason and the steps done (already undone). */
async function fail(db: Executor, row: ExecutionRow, error: unknown): Promise<ExecutionRow | null> {
  const { message, log } = failureOf(error);
  return moveExecution(db, row, {
    from: [row.status],
    to: 'failed',
    by: null,
    note: message,
    set: { error: message, steps: [...row.steps, ...log] },
  });
}
