import { DEFAULT_PRODUCT_IDS, type TPaidTier } from '@netguard/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { subscriptions } from '../src/db/schema.ts';
import { findUserByEmail, markEmailConfirmed } from '../src/modules/auth/users.repo.ts';

const PASSWORD = 'Str0ng!Passw0rd';

/**
 * Signs up `email`, confirms it in the database (and puts its organization on `plan`) and signs
 * in: the session JSON and bearer header.
 */
export async function benchAccount(
  app: FastifyInstance,
  db: Database['db'],
  email: string,
  plan?: TPaidTier,
) {
  await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { email, password: PASSWORD },
  });
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error('sign-up failed');
  await markEmailConfirmed(db, user.id);
  if (plan)
    await db
      .update(subscriptions)
      .set({ subscribed: true, productId: DEFAULT_PRODUCT_IDS[plan], subscriptionEnd: null })
      .where(eq(subscriptions.userId, user.id));
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password: PASSWORD },
  });
  const session = res.json();
  return {
    userId: user.id,
    token: session.access_token as string,
    orgId: session.user.organization_id as string,
    auth: { authorization: `Bearer ${session.access_token}` },
  };
}
