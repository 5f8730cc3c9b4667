import {
  BILLING_MESSAGES,
  LOCAL_BILLING_PATHS,
  type TCheckoutSession,
  type TPaidPlan,
  type TSubscriptionStatus,
} from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireSession } from '../api-keys/api-keys.service.ts';
import { insertAuditLog, type RequestMeta } from '../audit/audit.repo.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import {
  type CheckoutSessionRow,
  completeCheckoutSession,
  findCheckoutSession,
  insertCheckoutSession,
} from './billing.checkout.repo.ts';
import type { BillingProvider } from './billing.provider.ts';

const CHECKOUT_TTL_MS = 30 * 60_000;

/** The built-in provider: its checkout and portal are pages of the web app. */
export function createLocalProvider({ db }: { db: Executor }): BillingProvider {
  return {
    name: 'local',
    async createCheckout(auth, plan) {
      const session = await insertCheckoutSession(db, {
        userId: auth.userId,
        organizationId: auth.organizationId,
        priceId: plan.price_id,
        productId: plan.product_id,
        expiresAt: new Date(Date.now() + CHECKOUT_TTL_MS),
      });
      return `${LOCAL_BILLING_PATHS.checkout}/${session.id}`;
    },
    async createPortal() {
      return LOCAL_BILLING_PATHS.portal;
    },
  };
}

/** One calendar month from `from`: the local plan's period, shown as the next billing date. */
function oneMonthAfter(from: Date): Date {
  const end = new Date(from);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

function assertOpen(session: TCheckoutSession) {
  if (session.status === 'completed')
    throw new AppError('conflict', 409, BILLING_MESSAGES.sessionCompleted);
  if (session.status === 'expired')
    throw new AppError('conflict', 409, BILLING_MESSAGES.sessionExpired);
}

type Deps = { db: Executor; subscription: SubscriptionService; plans: TPaidPlan[] };

/** What the local checkout and portal pages do: confirm a checkout, cancel the plan. */
export function createLocalCheckout({ db, subscription, plans }: Deps) {
  function toSession(row: CheckoutSessionRow): TCheckoutSession {
    const plan = plans.find((p) => p.price_id === row.priceId);
    if (!plan) throw notFound('Checkout session');
    const expired = row.status === 'open' && row.expiresAt.getTime() <= Date.now();
    return {
      id: row.id,
      tier: plan.tier,
      price_id: row.priceId,
      status: expired ? 'expired' : row.status,
      expires_at: row.expiresAt.toISOString(),
      completed_at: row.completedAt?.toISOString() ?? null,
    };
  }

  async function get(auth: AuthContext, id: string): Promise<TCheckoutSession> {
    const row = await findCheckoutSession(db, id, auth);
    if (!row) throw notFound('Checkout session');
    return toSession(row);
  }

  async function audit(tx: Executor, auth: AuthContext, action: string, meta: RequestMeta) {
    const entry = { userId: auth.userId, organizationId: auth.organizationId };
    await insertAuditLog(
      tx,
      { ...entry, action, resourceType: 'subscription', resourceId: auth.userId },
      meta,
    );
  }

  return {
    get,

    /** Confirms the caller's open checkout: the plan is active for one month. */
    async complete(auth: AuthContext, id: string, meta: RequestMeta): Promise<TCheckoutSession> {
      requireSession(auth);
      assertOpen(await get(auth, id));
      const done = await db.transaction(async (tx) => {
        const row = await completeCheckoutSession(tx, id, auth.userId);
        if (!row) return undefined;
        await subscription.write(tx, auth.userId, {
          subscribed: true,
          productId: row.productId,
          subscriptionEnd: oneMonthAfter(row.completedAt ?? new Date()),
          provider: 'local',
        });
        await audit(tx, auth, 'billing.checkout.complete', meta);
        return row;
      });
      if (done) return toSession(done);
      // Lost a race with another confirmation or with the expiry: say which.
      assertOpen(await get(auth, id));
      throw new AppError('conflict', 409, BILLING_MESSAGES.sessionCompleted);
    },

    /** Ends the caller's plan at once: back to Free. */
    async cancel(auth: AuthContext, meta: RequestMeta): Promise<TSubscriptionStatus> {
      requireSession(auth);
      if (!(await subscription.status(auth)).subscribed)
        throw new AppError('conflict', 409, BILLING_MESSAGES.notSubscribed);
      await db.transaction(async (tx) => {
        await subscription.write(tx, auth.userId, {
          subscribed: false,
          productId: null,
          subscriptionEnd: null,
          provider: 'local',
        });
        await audit(tx, auth, 'billing.plan.cancel', meta);
      });
      return subscription.status(auth);
    },
  };
}

export type LocalCheckout = ReturnType<typeof createLocalCheckout>;
