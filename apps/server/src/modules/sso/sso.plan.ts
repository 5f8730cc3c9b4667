import type { TTierTable } from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { planIncludes } from '../subscription/subscription.tier.ts';
import { findRequiredSso } from './sso.repo.ts';

/** Whether the organization's plan (the subscription held in it) includes SSO (the plan matrix). */
export const planIncludesSso = (db: Executor, tiers: TTierTable, organizationId: string) =>
  planIncludes(db, tiers, organizationId, 'sso');

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
