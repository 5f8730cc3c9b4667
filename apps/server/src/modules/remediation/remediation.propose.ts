// A new execution of an action on a finding, from a person (execute-remediation), a workflow or
// a batch: its target resolved, its parameters checked, its first transition recorded.
import type { TExecutionStatus } from '@netguard/contracts';
import { MissingParameter, type RemediationAction } from '@netguard/remediation';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { RequestMeta } from '../audit/audit.repo.ts';
import { type ExecutionRow, insertExecution, type VulnerabilityRow } from './remediation.repo.ts';
import { targetOf } from './remediation.targets.ts';
import { recordTransition } from './remediation.transitions.ts';

export type Proposal = {
  organizationId: string;
  vuln: VulnerabilityRow;
  action: RemediationAction;
  by: string | null;
  parameters?: Record<string, unknown>;
  dryRunOnly?: boolean;
  autoApproved?: boolean;
  /** proposed, or approved for a batch (scheduling it approved it). */
  status?: Extract<TExecutionStatus, 'proposed' | 'approved'>;
  approvedBy?: string | null;
  workflowId?: string | null;
  batchId?: string | null;
  nextRunAt?: Date | null;
  note?: string | null;
  meta?: RequestMeta;
};

export async function proposeExecution(db: Executor, p: Proposal): Promise<ExecutionRow> {
  const target = await targetOf(db, p.organizationId, p.vuln, p.action);
  const params = { ...target.params, ...p.parameters };
  try {
    p.action.operations(params);
  } catch (error) {
    if (error instanceof MissingParameter)
      throw new AppError('validation_error', 400, error.message);
    throw error;
  }
  const status = p.status ?? 'proposed';
  const row = await insertExecution(db, {
    organizationId: p.organizationId,
    vulnerabilityId: p.vuln.id,
    checkId: p.vuln.checkId,
    actionId: p.action.id,
    target: target.target,
    lockKey: target.lockKey,
    hostId: target.hostId,
    cloudConnectionId: target.cloudConnectionId,
    params,
    status,
    dryRunOnly: p.dryRunOnly ?? false,
    autoApproved: p.autoApproved ?? false,
    approvedBy: p.approvedBy ?? null,
    requestedBy: p.by,
    workflowId: p.workflowId ?? null,
    batchId: p.batchId ?? null,
    nextRunAt: p.nextRunAt ?? null,
    transitions: [{ at: new Date().toISOString(), status, by: p.by, note: p.note ?? null }],
  });
  await recordTransition(db, row, { to: status, by: p.by, note: p.note, meta: p.meta });
  return row;
}
