import { randomBytes } from 'node:crypto';
import {
  CSRF_COOKIE_NAME,
  CSRF_HEADER_NAME,
  DEFAULT_PRODUCT_IDS,
  REFRESH_COOKIE_NAME,
  type TPaidTier,
  type TRole,
} from '@netguard/contracts';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { type BuildOptions, buildApp } from '../src/app.ts';
import { type AppConfig, loadConfig, type ScanSettings } from '../src/config.ts';
import { createDatabase, type Database } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { mailOutbox, refreshTokens, subscriptions } from '../src/db/schema.ts';
import { sha256 } from '../src/lib/crypto.ts';
import { createLogger } from '../src/lib/logger.ts';
import { ROTATION_GRACE_MS } from '../src/modules/auth/sessions.service.ts';
import { startWorkers } from '../src/workers.ts';

export const PASSWORD = 'Str0ng!Passw0rd';

/**
 * The lowest argon2id cost: tests sign in thousands of times and judge no hash's strength (the
 * performance suite's test sets the production cost back). Test deployments all use it.
 */
export const TEST_PASSWORD_COST = {
  PASSWORD_HASH_MEMORY_KIB: '1024',
  PASSWORD_HASH_TIME_COST: '1',
};

export type TestContext = {
  app: FastifyInstance;
  /** Connection URL of this file's database. */
  url: string;
  db: Database['db'];
  close: () => Promise<void>;
};

/** A fresh database cloned from the migrated template, so every test file is isolated. */
async function createTestDatabase(): Promise<string> {
  const template = new URL(inject('templateDbUrl'));
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.href.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template.pathname.slice(1)}`);
  } finally {
    await admin.end();
  }
  template.pathname = `/${name}`;
  return template.href;
}

/**
 * Builds the app on a fresh, migrated database, with mail going to the outbox table; with
 * `databaseUrl` (another context's `url`), a second instance on the same database.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: BuildOptions = {},
  databaseUrl?: string,
): Promise<TestContext> {
  const url = databaseUrl ?? (await createTestDatabase());
  const database = createDatabase(url, { max: 4 });
  await runMigrations(database);
  const config: AppConfig = {
    ...loadConfig({
      NETGUARD_SECRET_KEY: 'test-secret-key-for-netguard-tests',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      AUTH_RATE_LIMIT: '100000',
      ...TEST_PASSWORD_COST,
      PUBLIC_URL: 'http://localhost:8080',
      WEB_DIST_DIR: '/nonexistent/netguard-web-dist',
      // Nothing reaches for public feeds, clouds or identity providers.
      NETGUARD_OFFLINE: '1',
      // The file's own loopback block holds its receivers: tenants may reach it, nothing else.
      EGRESS_ALLOWED_RANGES: testResources().block,
      // SSO domain checks never ask the machine's resolver: nothing answers on this address of the
      // file's block (a refused lookup); sso-domains.test.ts names its own DNS server.
      SSO_DNS_RESOLVERS: `${testResources().host(254)}:53`,
      ...env,
    }),
    databaseUrl: url,
  };
  const app = await buildApp(config, options).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  await app.ready();
  return {
    app,
    url,
    db: database.db,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The token of the newest mailed link with `param` (confirm, reset, invite) sent to `email`. A
 * reset link is mailed after the request's answer: waits for it up to 10 s.
 */
export async function mailedToken(
  ctx: TestContext,
  email: string,
  param: 'confirm' | 'reset' | 'invite',
): Promise<string> {
  for (const deadline = Date.now() + 10_000; ; ) {
    const rows = await ctx.db
      .select({ link: mailOutbox.link })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email.toLowerCase()))
      .orderBy(desc(mailOutbox.createdAt));
    for (const row of rows) {
      const token = row.link ? new URL(row.link).searchParams.get(param) : null;
      if (token) return token;
    }
    if (Date.now() > deadline) throw new Error(`no ${param} mail for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function signUp(ctx: TestContext, email: string, password = PASSWORD, username?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { email, password, ...(username === undefined ? {} : { username }) },
  });
}

export function signIn(ctx: TestContext, email: string, password = PASSWORD) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
}

export async function signUpAndConfirm(ctx: TestContext, email: string, username?: string) {
  const created = await signUp(ctx, email, PASSWORD, username);
  if (created.statusCode !== 201) throw new Error(`sign-up failed: ${created.body}`);
  const token = await mailedToken(ctx, email, 'confirm');
  const confirmed = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/confirm',
    payload: { token },
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`);
}

export type Account = {
  email: string;
  userId: string;
  organizationId: string;
  accessToken: string;
  refresh: string;
  csrf: string;
  auth: { authorization: string };
};

export function cookieValue(res: LightMyRequestResponse, name: string): string | undefined {
  return (res.cookies as { name: string; value: string }[]).find((c) => c.name === name)?.value;
}

const IN_30_DAYS = () => new Date(Date.now() + 30 * 24 * 60 * 60_000);

/**
 * Puts the user's subscription (the plan of the organization they founded at sign-up) on a paid
 * tier of the built-in billing provider until `end`, as a checkout would.
 */
export async function setPlan(
  ctx: TestContext,
  owner: { userId: string },
  tier: TPaidTier,
  end: Date = IN_30_DAYS(),
) {
  await ctx.db
    .update(subscriptions)
    .set({ subscribed: true, productId: DEFAULT_PRODUCT_IDS[tier], subscriptionEnd: end })
    .where(eq(subscriptions.userId, owner.userId));
}

/**
 * Signs up, confirms and signs in: an account ready for bearer calls, its own organization on
 * Free or on `plan` (e.g. Enterprise for the features it unlocks).
 */
export async function createAccount(
  ctx: TestContext,
  email: string,
  plan?: TPaidTier,
): Promise<Account> {
  await signUpAndConfirm(ctx, email);
  const res = await signIn(ctx, email);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  const session = res.json();
  if (plan) await setPlan(ctx, { userId: session.user.id }, plan);
  return {
    email,
    userId: session.user.id,
    organizationId: session.user.organization_id,
    accessToken: session.access_token,
    refresh: cookieValue(res, REFRESH_COOKIE_NAME) ?? '',
    csrf: cookieValue(res, CSRF_COOKIE_NAME) ?? '',
    auth: { authorization: `Bearer ${session.access_token}` },
  };
}

/** The admin invites `invitee` by e-mail and the invitee accepts: both answers, unchecked. */
export async function inviteAndAccept(
  ctx: TestContext,
  admin: Account,
  invitee: Account,
  role: TRole,
) {
  const sent = await ctx.app.inject({
    method: 'POST',
    url: '/api/organization/invitations',
    headers: admin.auth,
    payload: { email: invitee.email, role },
  });
  const token = await mailedToken(ctx, invitee.email, 'invite');
  const accepted = await ctx.app.inject({
    method: 'POST',
    url: '/api/invitations/accept',
    headers: invitee.auth,
    payload: { token },
  });
  return { sent, accepted };
}

/** Moves a refresh token's rotation back past the grace window in which it still answers. */
export async function pastGrace(ctx: TestContext, token: string) {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: new Date(Date.now() - ROTATION_GRACE_MS - 1_000) })
    .where(eq(refreshTokens.tokenHash, sha256(token)));
}

/** Calls /api/auth/refresh the way the web app does: both cookies plus the CSRF header. */
export function refresh(ctx: TestContext, refreshToken: string, csrf: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    cookies: { [REFRESH_COOKIE_NAME]: refreshToken, [CSRF_COOKIE_NAME]: csrf },
    headers: { [CSRF_HEADER_NAME]: csrf },
  });
}

/** The scan and report workers on the test's database, as `npm start` runs them. */
export function startTestWorkers(ctx: TestContext, scans: Partial<ScanSettings> = {}) {
  return startWorkers({
    url: ctx.url,
    settings: { ...loadConfig({}).scans, ...scans },
    log: createLogger('silent'),
    // Scans reach what the app's tenants may reach (its EGRESS_*: the file's loopback block).
    egress: () => ctx.app.egress,
  });
}

/** One request as `who` (their bearer token), with a JSON body when one is given. */
export function call(
  ctx: TestContext,
  who: Account,
  method: string,
  url: string,
  payload?: unknown,
) {
  return ctx.app.inject({
    method: method as 'GET',
    url,
    headers: who.auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
