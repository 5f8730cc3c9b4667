import type { RemediationAction } from '../types.ts';
import { CLOUD_ACTIONS } from './cloud.ts';
import { SERVICE_ACTIONS } from './services.ts';
import { WEB_ACTIONS } from './web.ts';

/** Every remediation action NetGuard knows. */
export const REMEDIATION_ACTIONS: readonly RemediationAction[] = [
  ...SERVICE_ACTIONS,
  ...WEB_ACTIONS,
  ...CLOUD_ACTIONS,
];

/** The actions that fix findings of `checkId`, the fully automated ones first. */
export function actionsForCheck(checkId: string): RemediationAction[] {
  const rank = { fully_automated: 0, semi_automated: 1, manual_guided: 2 } as const;
  return REMEDIATION_ACTIONS.filter((a) => a.fixes.includes(checkId)).sort(
    (a, b) => rank[a.automationLevel] - rank[b.automationLevel],
  );
}
