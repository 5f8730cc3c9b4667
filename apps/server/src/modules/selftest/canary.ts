// The throw-away canary organization state-changing self-tests run under: a confirmed user who
// founds its own organization, signed in through the real sign-in route, removed afterwards with
// everything it owns (by cascade).
import { randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { insertAccount } from '../auth/users.repo.ts';

export const CANARY_DOMAIN = 'selftest.invalid';

export type Canary = {
  userId: string;
  organizationId: string;
  email: string;
  accessToken: string;
  /** Removes the canary user and, by cascade, its organization and every row in it. */
  remove: () => Promise<void>;
};

/** A confirmed throw-away account with its personal organization; its password never leaves the run. */
export async function insertCanaryAccount(db: Executor, label: string) {
  const tag = randomBytes(6).toString('hex');
  const name = `canary-${label}-${tag}`;
  const email = `${name}@${CANARY_DOMAIN}`;
  // Meets the password policy (upper, lower, digit, special) and is no common word.
  const password = `Ca${randomBytes(12).toString('base64url')}9!`;
  const { user, organizationId } = await insertAccount(db, {
    email,
    passwordHash: await hashPassword(password),
    username: name,
  });
  await db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, user.id));
  return { userId: user.id, organizationId, email, password };
}

/** Creates and signs in a canary; `remove()` must be called once the run is over. */
export async function openCanary(db: Executor, app: FastifyInstance): Promise<Canary> {
  const { userId, organizationId, email, password } = await insertCanaryAccount(db, 'system');
  const remove = async () => {
    await db.delete(users).where(eq(users.id, userId));
  };
  // A deployment operator for its short life: the scan tests target the loopback canary target
  // they start, which the egress policy keeps for operators. Its token never leaves the server.
  await db.update(users).set({ deploymentOperator: true }).where(eq(users.id, userId));
  // In-process, from an address of its own: no real client's sign-in allowance is spent.
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`,
    payload: { email, password },
  });
  const token =
    res.statusCode === 200 ? (res.json() as { access_token?: string }).access_token : undefined;
  if (!token) {
    await remove();
    throw new Error(`the canary user could not sign in (HTTP ${res.statusCode})`);
  }
  return { userId, organizationId, email, accessToken: token, remove };
}
