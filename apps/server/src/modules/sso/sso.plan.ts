import { type TTierTable, tierFromProductId } from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { findSubscription } from '../subscription/subscription.repo.ts';
import { findRequiredSso } from './sso.repo.ts';

/** Whether the organization's plan (the subscription held in it) includes SSO: Professional or Enterprise. */
export async function planIncludesSso(db: Executor, tiers: TTierTable, organizationId: string) {
  const row = await findSubscription(db, organizationId);
  if (!row?.subscribed) return false;
  if (row.subscriptionEnd && row.subscriptionEnd.getTime() <= Date.now()) return false;
  const tier = tierFromProductId(row.productId, tiers);
  return tier === 'Professional' || tier === 'Enterprise';
}

/** What "require SSO" says of a password sign-in: allowed, refused, or allowed as break-glass (with MFA). */
export type PasswordGate = 'allowed' | 'refused' | 'break_glass';

/**
 * A password sign-in of a member of an organization that requires SSO (on a plan that includes
 * it) is refused, except for that organization's break-glass admin.
 */
export async function passwordGate(
  db: Executor,
  tiers: TTierTable,
  userId: string,
): Promise<PasswordGate> {
  const required = [];
  for (const row of await findRequiredSso(db, userId)) {
    if (await planIncludesSso(db, tiers, row.organizationId)) required.push(row);
  }
  if (required.length === 0) return 'allowed';
  return required.every((row) => row.breakGlassUserId === userId) ? 'break_glass' : 'refused';
}
