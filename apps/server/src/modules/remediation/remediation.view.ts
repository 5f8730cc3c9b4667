import {
  needsSecondApprover,
  type TExecution,
  type TExecutionStatus,
  type TFourEyesLevel,
  type TRemediationAction,
  type TRemediationHost,
} from '@netguard/contracts';
import { REMEDIATION_ACTIONS, type RemediationAction } from '@netguard/remediation';
import type { ExecutionRow, HostRow } from './remediation.repo.ts';

const BY_ID = new Map(REMEDIATION_ACTIONS.map((a) => [a.id, a]));

export const findAction = (id: string): RemediationAction | undefined => BY_ID.get(id);

/** §3: the catalogue entry as the API shows it. */
export function toActionView(a: RemediationAction): TRemediationAction {
  return {
    id: a.id,
    name: a.name,
    description: a.description,
    type: a.type,
    automationLevel: a.automationLevel,
    riskLevel: a.riskLevel,
    estimatedTime: a.estimatedMinutes,
    prerequisites: a.prerequisites,
    steps: a.steps,
    rollbackPlan: a.rollbackPlan,
    validationChecks: a.validationChecks,
    fixes: a.fixes,
    apiCalls: a.apiCalls ?? [],
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The user ids an execution names (who requested, approved, moved it). */
export const peopleOf = (row: ExecutionRow): string[] => [
  ...new Set(
    [row.requestedBy, row.approvedBy, ...row.transitions.map((t) => t.by)].filter(
      (id): id is string => id !== null,
    ),
  ),
];

export function toExecution(
  row: ExecutionRow,
  vulnerabilityTitle: string | null,
  emails: ReadonlyMap<string, string> = new Map(),
  fourEyes: TFourEyesLevel = 'off',
): TExecution {
  const action = findAction(row.actionId);
  const risk = action?.riskLevel ?? 'high';
  return {
    id: row.id,
    vulnerabilityId: row.vulnerabilityId,
    vulnerabilityTitle,
    checkId: row.checkId,
    actionId: row.actionId,
    actionName: action?.name ?? row.actionId,
    riskLevel: risk,
    automationLevel: action?.automationLevel ?? 'manual_guided',
    target: row.target,
    hostId: row.hostId,
    status: row.status,
    dryRunOnly: row.dryRunOnly,
    dryRun: row.dryRun ?? null,
    steps: row.steps,
    verification: row.verification ?? null,
    rollbackVerification: row.rollbackVerification ?? null,
    failedVerificationAction: row.failedVerificationAction ?? null,
    transitions: row.transitions.map((t) => ({ ...t, status: t.status as TExecutionStatus })),
    error: row.error,
    requestedBy: row.requestedBy,
    approvedBy: row.approvedBy,
    autoApproved: row.autoApproved,
    rollbackRequested: row.rollbackRequestedAt !== null,
    needsAcknowledgement: risk === 'high',
    needsSecondApprover: needsSecondApprover(fourEyes, risk),
    batchId: row.batchId,
    workflowId: row.workflowId,
    estimatedTime: action?.estimatedMinutes ?? 0,
    people: Object.fromEntries(
      peopleOf(row).flatMap((id) => (emails.has(id) ? [[id, emails.get(id) as string]] : [])),
    ),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: iso(row.finishedAt),
  };
}

export function toHost(row: HostRow): TRemediationHost {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    port: row.port,
    username: row.username,
    authType: row.authType,
    privilege: row.privilege,
    hostKeySha256: row.hostKeyConfirmedAt ? row.hostKeySha256 : null,
    seenHostKeySha256: row.hostKeyConfirmedAt ? null : (row.hostKeySha256 ?? row.seenHostKeySha256),
    hostKeyConfirmed: row.hostKeyConfirmedAt !== null,
    lastConnectedAt: iso(row.lastConnectedAt),
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
  };
}
