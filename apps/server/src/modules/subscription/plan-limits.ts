import { FREE_PLAN_LIMITS, SCAN_MESSAGES } from '@netguard/contracts';
import { and, count, eq, gte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cloudScans, scans } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import type { SubscriptionService } from './subscription.service.ts';

/** Network scans and cloud scans (one per connection) the organization started this UTC month. */
export async function countScansThisMonth(db: Executor, organizationId: string): Promise<number> {
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [network] = await db
    .select({ n: count() })
    .from(scans)
    .where(and(eq(scans.organizationId, organizationId), gte(scans.createdAt, monthStart)));
  const [cloud] = await db
    .select({ n: count() })
    .from(cloudScans)
    .where(
      and(eq(cloudScans.organizationId, organizationId), gte(cloudScans.createdAt, monthStart)),
    );
  return (network?.n ?? 0) + (cloud?.n ?? 0);
}

export const paymentRequired = (message: string) => new AppError('payment_required', 402, message);

/**
 * The Free plan's monthly allowance, shared by network and cloud scans: refuses `adding` more
 * scans when they would go past it. Subscribers have no limit.
 */
export async function assertScansLeft(
  db: Executor,
  subscription: Pick<SubscriptionService, 'status'>,
  auth: AuthContext,
  adding: number,
): Promise<void> {
  if ((await subscription.status(auth)).subscribed) return;
  const used = await countScansThisMonth(db, auth.organizationId);
  if (used + adding > FREE_PLAN_LIMITS.scansPerMonth)
    throw paymentRequired(SCAN_MESSAGES.freeScansPerMonth(FREE_PLAN_LIMITS.scansPerMonth));
}
