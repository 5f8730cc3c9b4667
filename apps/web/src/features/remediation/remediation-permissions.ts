import {
  can,
  deniedReason,
  REMEDIATION_TEXT,
  type TExecution,
  type TRemediationPolicy,
  type TRole,
} from '@netguard/contracts';
import { useAuth } from '@/features/auth/auth-context';

export const ANALYSTS_MAY_NOT_APPROVE =
  "Your organization's remediation policy lets only administrators approve.";

/** Each remediation control's reason to be off for the role (null: allowed). */
export type TRemediationReasons = {
  read: string | null;
  start: string | null;
  /** Approve, and schedule a batch (scheduling approves its executions). */
  approve: string | null;
  /** Cancel and roll back. */
  operate: string | null;
  /** Hosts, workflows and the policy. */
  manage: string | null;
  /** Download the verification evidence (admins and auditors). */
  export: string | null;
};

const reason = (role: TRole | undefined, action: 'read' | 'create' | 'execute' | 'export') =>
  can(role, 'remediation', action) ? null : deniedReason('remediation', action);

/**
 * The contracts' matrix for remediation, plus approval: admins always, analysts only when the
 * organization's policy lets them (policy.analystsMayApprove).
 */
export function remediationReasons(
  role: TRole | undefined,
  policy: Pick<TRemediationPolicy, 'analystsMayApprove'> | undefined,
): TRemediationReasons {
  const operate = reason(role, 'execute');
  const admin = can(role, 'remediation', 'update');
  return {
    read: reason(role, 'read'),
    start: reason(role, 'create'),
    approve: operate ?? (admin || policy?.analystsMayApprove ? null : ANALYSTS_MAY_NOT_APPROVE),
    operate,
    manage: admin ? null : REMEDIATION_TEXT.adminsOnly,
    export: reason(role, 'export'),
  };
}

export const FOUR_EYES_OWN_PROPOSAL =
  "Your organization's policy needs a second person to approve this change: you proposed it, so another administrator or approver must approve.";

/** Why `userId` may not approve this execution beyond the role: four eyes on their own proposal. */
export const fourEyesReason = (
  e: Pick<TExecution, 'needsSecondApprover' | 'requestedBy'>,
  userId: string | null | undefined,
) => (e.needsSecondApprover && userId && e.requestedBy === userId ? FOUR_EYES_OWN_PROPOSAL : null);

/** remediationReasons for the signed-in user. */
export function useRemediationReasons(policy?: Pick<TRemediationPolicy, 'analystsMayApprove'>) {
  const { user } = useAuth();
  return remediationReasons(user?.role, policy);
}
