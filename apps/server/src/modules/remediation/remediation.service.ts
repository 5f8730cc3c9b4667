// Executions through the API: propose (execute-remediation), approve with the policy and the
// typed acknowledgement, cancel, roll back, the history and the page's overview.
import {
  can,
  REMEDIATION_TEXT,
  ROLLBACK_FROM_STATUSES,
  type TExecuteRemediation,
  type TExecution,
  type TExecutionList,
  type TRemediationHistoryQuery,
  type TRemediationOverview,
  type TRemediationPolicy,
  ZExecuteRemediation,
} from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { RequestMeta } from '../audit/audit.repo.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { refuseOwnApproval, refuseSelfApproved } from './remediation.four-eyes.ts';
import { HELD } from './remediation.held.ts';
import { proposeExecution } from './remediation.propose.ts';
import * as repo from './remediation.repo.ts';
import { HostBusy, moveExecution } from './remediation.transitions.ts';
import { findAction, peopleOf, toExecution } from './remediation.view.ts';

export const executionNotFound = () => new AppError('not_found', 404, REMEDIATION_TEXT.notFound);
const bad = (message: string) => new AppError('validation_error', 400, message);
const conflict = (message: string) => new AppError('conflict', 409, message);

/** Whether the caller may approve: admins; analysts when the policy lets them. */
export const mayApprove = (auth: AuthContext, policy: TRemediationPolicy) =>
  auth.role === 'admin' || (policy.analystsMayApprove && can(auth.role, 'remediation', 'execute'));

export function createRemediationService(deps: {
  db: Executor;
  /** Wakes a runner for the execution (after the request commits, a sweep finds it anyway). */
  wake: (executionId: string) => Promise<void>;
}) {
  const { db, wake } = deps;

  const found = async (auth: AuthContext, id: string) => {
    const row = await repo.findExecution(db, auth.organizationId, id);
    if (!row) throw executionNotFound();
    return row;
  };

  const view = async (auth: AuthContext, row: repo.ExecutionRow): Promise<TExecution> => {
    const vuln = row.vulnerabilityId
      ? await repo.findVulnerability(db, auth.organizationId, row.vulnerabilityId)
      : null;
    const { fourEyes } = await repo.readPolicy(db, auth.organizationId);
    return toExecution(row, vuln?.title ?? null, await repo.emailsOf(db, peopleOf(row)), fourEyes);
  };
  /** Executions with their vulnerabilities' titles, and who is who. */
  const views = async (
    auth: AuthContext,
    rows: { row: repo.ExecutionRow; title: string | null }[],
  ) => {
    const emails = await repo.emailsOf(
      db,
      rows.flatMap((r) => peopleOf(r.row)),
    );
    const { fourEyes } = await repo.readPolicy(db, auth.organizationId);
    return rows.map((r) => toExecution(r.row, r.title, emails, fourEyes));
  };

  const moved = (row: repo.ExecutionRow | null, what: string) => {
    if (!row) throw conflict(`The execution is no longer in a state that allows ${what}`);
    return row;
  };

  /** execute-remediation: proposes; the dry run is computed by a job. */
  async function execute(
    auth: AuthContext,
    input: TExecuteRemediation,
    meta: RequestMeta,
  ): Promise<TExecution> {
    const body = ZExecuteRemediation.parse(input);
    const vuln = await repo.findVulnerability(db, auth.organizationId, body.vulnerabilityId);
    if (!vuln) throw new AppError('not_found', 404, REMEDIATION_TEXT.vulnerabilityNotFound);
    const action = findAction(body.actionId);
    if (!action) throw bad(REMEDIATION_TEXT.actionNotFound);
    if (!vuln.checkId || !action.fixes.includes(vuln.checkId))
      throw bad(`${action.name} does not fix findings of ${vuln.checkId ?? 'this kind'}`);
    if (action.automationLevel === 'manual_guided')
      throw bad(`${action.name} is manual: follow its steps by hand`);
    const policy = await repo.readPolicy(db, auth.organizationId);
    if (body.options.autoApprove && !body.options.dryRun) {
      if (action.automationLevel !== 'fully_automated')
        throw bad('Auto-approve is only for fully automated actions');
      if (!policy.allowAutoApprove)
        throw bad("Your organization's remediation policy does not allow auto-approve");
      if (!mayApprove(auth, policy))
        throw new AppError('forbidden', 403, 'Approving needs an administrator');
      refuseSelfApproved(policy, [action], 'auto-approved');
    }
    const autoApproved = body.options.autoApprove && !body.options.dryRun;
    const row = await proposeExecution(db, {
      organizationId: auth.organizationId,
      vuln,
      action,
      by: auth.userId,
      parameters: body.parameters,
      dryRunOnly: body.options.dryRun,
      autoApproved,
      approvedBy: autoApproved ? auth.userId : null,
      meta,
    });
    await wake(row.id);
    return view(auth, row);
  }

  async function approve(
    auth: AuthContext,
    id: string,
    acknowledgement: string | undefined,
    meta: RequestMeta,
  ): Promise<TExecution> {
    const row = await found(auth, id);
    const policy = await repo.readPolicy(db, auth.organizationId);
    if (!mayApprove(auth, policy))
      throw new AppError(
        'forbidden',
        403,
        "Approving needs an administrator: your organization's policy does not let security analysts approve",
      );
    if (row.dryRunOnly) throw conflict('A dry run only is never applied: start a new execution');
    if (row.status !== 'proposed') throw conflict(`The execution is ${row.status}, not proposed`);
    if (!row.dryRun) throw conflict('The dry run is not ready yet');
    const action = findAction(row.actionId);
    if (!action) throw conflict(REMEDIATION_TEXT.actionNotFound);
    refuseOwnApproval(policy, action, row.requestedBy, auth.userId);
    if (action.riskLevel === 'high' && acknowledgement?.trim() !== row.target)
      throw bad(`Type ${row.target} to approve this high-risk action`);
    const next = await moveExecution(db, row, {
      from: ['proposed'],
      to: 'approved',
      by: auth.userId,
      meta,
      // A batch's execution runs in the batch's window, in a wave, like the batch's others.
      set: {
        approvedBy: auth.userId,
        acknowledgement: acknowledgement ?? null,
        nextRunAt: row.batchId ? HELD : null,
      },
    });
    await wake(row.id);
    return view(auth, moved(next, 'approval'));
  }

  async function cancel(auth: AuthContext, id: string, meta: RequestMeta) {
    const row = await found(auth, id);
    const next = await moveExecution(db, row, {
      from: ['proposed', 'approved'],
      to: 'cancelled',
      by: auth.userId,
      meta,
    });
    return view(auth, moved(next, 'cancelling'));
  }

  async function rollback(auth: AuthContext, id: string, meta: RequestMeta) {
    const row = await found(auth, id);
    if (!row.captured) throw conflict('Nothing was applied, so there is nothing to roll back');
    if (!(ROLLBACK_FROM_STATUSES as readonly string[]).includes(row.status))
      throw conflict(`A ${row.status} execution cannot be rolled back`);
    try {
      const next = await moveExecution(db, row, {
        from: ROLLBACK_FROM_STATUSES,
        to: 'rolling_back',
        by: auth.userId,
        meta,
        set: { nextRunAt: null },
      });
      await wake(row.id);
      return { success: true, execution: await view(auth, moved(next, 'a rollback')) };
    } catch (error) {
      if (!(error instanceof HostBusy)) throw error;
      // Another execution is changing the host: the rollback runs as soon as it is done.
      const requested = await repo.requestRollback(db, row, auth.userId);
      await wake(row.id);
      return { success: true, execution: await view(auth, moved(requested, 'a rollback')) };
    }
  }

  async function history(
    auth: AuthContext,
    query: TRemediationHistoryQuery,
  ): Promise<TExecutionList> {
    const { rows, total } = await repo.listExecutions(db, auth.organizationId, query);
    return { executions: await views(auth, rows), total };
  }

  async function overview(auth: AuthContext): Promise<TRemediationOverview> {
    const [s, active, policy] = await Promise.all([
      repo.executionSummary(db, auth.organizationId),
      repo.activeExecutions(db, auth.organizationId),
      repo.readPolicy(db, auth.organizationId),
    ]);
    return {
      summary: {
        active: s.active,
        successRate: s.finished ? Math.round((s.succeeded / s.finished) * 1000) / 10 : null,
        timeSavedMinutes: s.timeSaved,
        autoFixed: s.autoFixed,
        finished: s.finished,
        verified: s.verified,
      },
      active: await views(auth, active),
      policy,
    };
  }

  return {
    found,
    view,
    execute,
    approve,
    cancel,
    rollback,
    history,
    overview,
    readPolicy: (auth: AuthContext) => repo.readPolicy(db, auth.organizationId),
    writePolicy: async (auth: AuthContext, policy: TRemediationPolicy) => {
      await repo.writePolicy(db, auth.organizationId, policy);
      return policy;
    },
  };
}

export type RemediationService = ReturnType<typeof createRemediationService>;
