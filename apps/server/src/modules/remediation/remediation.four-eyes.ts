// Four eyes (the policy's fourEyes): from the risk level it names, the person who proposed an
// execution may not approve it; another administrator (or approving analyst) must.
import { needsSecondApprover, type TRemediationPolicy } from '@netguard/contracts';
import type { RemediationAction } from '@netguard/remediation';
import { AppError } from '../../lib/errors.ts';

const RISK_WORDS = { low: 'low-risk', medium: 'medium-risk', high: 'high-risk' } as const;

const refused = (message: string) => new AppError('forbidden', 403, message);

/** Throws when `userId` proposed the execution and the policy wants a second person for it. */
export function refuseOwnApproval(
  policy: Pick<TRemediationPolicy, 'fourEyes'>,
  action: Pick<RemediationAction, 'name' | 'riskLevel'>,
  requestedBy: string | null,
  userId: string,
) {
  if (requestedBy !== userId || !needsSecondApprover(policy.fourEyes, action.riskLevel)) return;
  throw refused(
    `Four eyes: ${action.name} is a ${RISK_WORDS[action.riskLevel]} action and your organization's policy needs a second person to approve it. You proposed it, so another administrator or approver must approve.`,
  );
}

/** Approving at once (autoApprove, a batch) is approving one's own: refused for covered actions. */
export function refuseSelfApproved(
  policy: Pick<TRemediationPolicy, 'fourEyes'>,
  actions: Pick<RemediationAction, 'name' | 'riskLevel'>[],
  how: string,
) {
  const covered = actions.find((a) => needsSecondApprover(policy.fourEyes, a.riskLevel));
  if (!covered) return;
  throw refused(
    `Four eyes: ${covered.name} is a ${RISK_WORDS[covered.riskLevel]} action and your organization's policy needs a second person to approve it, so it cannot be ${how}. Propose it and let another administrator or approver approve.`,
  );
}
