// Password hashes made at a lower argon2id cost than the configured one (PASSWORD_HASH_*) still
// verify, and the next successful sign-in replaces them at the configured cost.
import { hash, parseOptions, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import {
  createAccount,
  createTestApp,
  PASSWORD,
  signIn,
  TEST_PASSWORD_COST,
  type TestContext,
} from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const storedHash = async (userId: string) =>
  (await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)))[0]
    ?.hash ?? '';

describe('password hashing cost', () => {
  it('hashes at the configured cost', async () => {
    const account = await createAccount(ctx, 'cost@example.com');
    const made = parseOptions(await storedHash(account.userId));
    expect(made.memoryCost).toBe(Number(TEST_PASSWORD_COST.PASSWORD_HASH_MEMORY_KIB));
    expect(made.timeCost).toBe(Number(TEST_PASSWORD_COST.PASSWORD_HASH_TIME_COST));
  });

  it('verifies an older, cheaper hash and rehashes it at the next successful sign-in only', async () => {
    const account = await createAccount(ctx, 'rehash@example.com');
    const cheap = await hash(PASSWORD, { memoryCost: 256, timeCost: 1, parallelism: 1 });
    await ctx.db.update(users).set({ passwordHash: cheap }).where(eq(users.id, account.userId));

    expect((await signIn(ctx, 'rehash@example.com', 'Wr0ng!Passw0rd')).statusCode).toBe(401);
    expect(await storedHash(account.userId)).toBe(cheap);

    expect((await signIn(ctx, 'rehash@example.com')).statusCode).toBe(200);
    const replaced = await storedHash(account.userId);
    expect(replaced).not.toBe(cheap);
    expect(parseOptions(replaced).memoryCost).toBe(1024);
    expect(await verify(replaced, PASSWORD)).toBe(true);

    // At the configured cost now: the next sign-in leaves it as it is.
    expect((await signIn(ctx, 'rehash@example.com')).statusCode).toBe(200);
    expect(await storedHash(account.userId)).toBe(replaced);
  });
});
