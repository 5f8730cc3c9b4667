// The first deployment operator: the one-time link `npm start` prints while there is none. Signing
// up never makes an operator; the link does, once, for the signed-in person who opens it.
import { OPERATOR_SETUP_PARAM, OPERATOR_SETUP_TEXT } from '@netguard/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents, users } from '../src/db/schema.ts';
import {
  announceOperatorSetup,
  openOperatorSetup,
} from '../src/modules/operators/operator-setup.ts';
import { listDeploymentOperators } from '../src/modules/operators/operators.repo.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const PUBLIC_URL = 'http://localhost:8080';
const tokenOf = (link: string) => new URL(link).searchParams.get(OPERATOR_SETUP_PARAM) ?? '';
const claim = (who: Account, token: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/operators/setup',
    headers: who.auth,
    payload: { token },
  });
const isOperator = async (who: Account) =>
  (await ctx.db.select().from(users).where(eq(users.id, who.userId)))[0]?.deploymentOperator;

describe('the first deployment operator', () => {
  it('is nobody who merely signs up first', async () => {
    const stranger = await createAccount(ctx, 'first-come@example.com');
    expect(await isOperator(stranger)).toBe(false);
    expect(await listDeploymentOperators(ctx.db)).toEqual([]);
  });

  it('comes from the link printed at start: once, for the signed-in person who opens it', async () => {
    const stale = await openOperatorSetup(ctx.db, [], PUBLIC_URL);
    const link = await openOperatorSetup(ctx.db, [], PUBLIC_URL);
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/auth\\?${OPERATOR_SETUP_PARAM}=[\\w-]{20,}$`));
    const owner = await createAccount(ctx, 'owner@example.com');
    const stranger = await createAccount(ctx, 'guesser@example.com');

    // An older link (a restart printed a new one) and a guess do nothing.
    for (const token of [tokenOf(stale ?? ''), 'guess']) {
      const refused = await claim(stranger, token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.message).toBe(OPERATOR_SETUP_TEXT.invalid);
    }
    // Two people with the link at once: exactly one becomes the operator.
    const [a, b] = await Promise.all([
      claim(owner, tokenOf(link ?? '')),
      claim(stranger, tokenOf(link ?? '')),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 404]);
    const winner = a.statusCode === 200 ? owner : stranger;
    expect(await listDeploymentOperators(ctx.db)).toEqual([winner.email]);
    const [event] = await ctx.db
      .select()
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.userId, winner.userId),
          eq(securityEvents.eventType, 'privilege_escalation'),
        ),
      );
    expect(event?.description).toBe('Became the deployment operator through the setup link');
    expect((await claim(winner, tokenOf(link ?? ''))).statusCode).toBe(404);
  });

  it('is printed no more once there is an operator, or when NETGUARD_OPERATORS names one', async () => {
    expect(await openOperatorSetup(ctx.db, [], PUBLIC_URL)).toBeNull();
    expect(await openOperatorSetup(ctx.db, ['named@example.com'], PUBLIC_URL)).toBeNull();
  });

  it('goes to the console and the log', () => {
    const printed: string[] = [];
    const logged: object[] = [];
    announceOperatorSetup(
      `${PUBLIC_URL}/auth?${OPERATOR_SETUP_PARAM}=abc`,
      {
        warn: (fields) => logged.push(fields),
      },
      (text) => printed.push(text),
    );
    expect(printed.join('')).toContain(`  ${PUBLIC_URL}/auth?${OPERATOR_SETUP_PARAM}=abc\n`);
    expect(logged).toEqual([{ link: `${PUBLIC_URL}/auth?${OPERATOR_SETUP_PARAM}=abc` }]);
  });
});
