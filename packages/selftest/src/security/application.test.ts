import { ROLES } from '@netguard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import type { TestDefinition } from '../model.ts';
import { FAKE_COOKIES } from '../testing/fake-netguard.ts';
import { startFixture } from '../testing/fixture-server.ts';
import { createSecurityContext, type SecurityContext } from './context.ts';
import { authorization } from './tests/authorization.ts';
import { openapiAuth } from './tests/openapi-auth.ts';
import { sessionTokens } from './tests/session-tokens.ts';
import { signInHardening } from './tests/sign-in-hardening.ts';

type Site = Awaited<ReturnType<typeof startFixture>>;
let good: Site;
let bad: Site;

beforeAll(async () => {
  const host = testResources().host(1);
  good = await startFixture(host, 'good');
  bad = await startFixture(host, 'bad');
});
afterAll(async () => {
  await good?.close();
  await bad?.close();
});

async function run(test: TestDefinition<SecurityContext>, site: Site, canary = true) {
  const { context, dispose } = createSecurityContext({
    baseUrl: site.url,
    routes: FAKE_COOKIES,
    publicOperations: ['POST /api/auth/sign-in'],
    ...(canary ? { canary: site.canary } : {}),
  });
  try {
    return await test.run(context, AbortSignal.timeout(15_000));
  } finally {
    await dispose();
  }
}

describe('application-logic tests against the fake NetGuard', () => {
  it('OpenAPI operations: passes when every operation refuses, fails a route missing its guard', async () => {
    const ok = await run(openapiAuth, good);
    expect(ok.verdict, ok.reason).toBe('passed');
    expect(ok.measurements?.operations).toBe(5);
    const failed = await run(openapiAuth, bad);
    expect(failed.verdict, failed.reason).toBe('failed');
    expect(failed.reason).toContain('GET /api/debug/users');
  });

  it('authorization: passes the role matrix and tenant isolation, fails a role escalation and a tenant leak', async () => {
    const ok = await run(authorization, good);
    expect(ok.verdict, ok.reason).toBe('passed');
    const failed = await run(authorization, bad);
    expect(failed.verdict, failed.reason).toBe('failed');
    expect(failed.reason).toContain('viewer got 200 for PUT /api/settings/organization');
    expect(failed.reason).toContain('of another organization got 200 with the row');
  });

  it('sign-in hardening: passes lockout and a common-password refusal, fails default credentials and no throttle', async () => {
    const ok = await run(signInHardening, good);
    expect(ok.verdict, ok.reason).toBe('passed');
    expect(ok.measurements?.failuresBeforeThrottle).toBe(6);
    const failed = await run(signInHardening, bad);
    expect(failed.verdict, failed.reason).toBe('failed');
    for (const words of [
      'admin@netguard.local / admin signed in',
      'P@ssw0rd was accepted',
      'no throttle',
    ])
      expect(failed.reason).toContain(words);
  });

  it('session and tokens: passes a strict server, fails alg none, a token after sign-out and refresh reuse', async () => {
    const ok = await run(sessionTokens, good);
    expect(ok.verdict, ok.reason).toBe('passed');
    const failed = await run(sessionTokens, bad);
    expect(failed.verdict, failed.reason).toBe('failed');
    for (const words of [
      'alg none was accepted',
      'a genuine expired token was accepted',
      'after sign-out',
      'rotated twice still gave a session',
    ])
      expect(failed.reason).toContain(words);
    expect(failed.reason).not.toContain('flipped signature was accepted');
  });

  it('is inconclusive, never passed, without canaries or when the canaries cannot sign in', async () => {
    for (const test of [authorization, signInHardening, sessionTokens]) {
      const outcome = await run(test, good, false);
      expect(outcome.verdict, `${test.id}: ${outcome.reason}`).toBe('inconclusive');
    }
    const broken = {
      ...good.canary,
      async create(signal?: AbortSignal) {
        const set = await good.canary.create(signal);
        return { ...set, sessionUser: { ...set.sessionUser, password: 'not-the-password' } };
      },
    };
    const { context, dispose } = createSecurityContext({
      baseUrl: good.url,
      routes: FAKE_COOKIES,
      canary: broken,
    });
    const outcome = await sessionTokens.run(context, AbortSignal.timeout(15_000));
    await dispose();
    expect(outcome.verdict).toBe('inconclusive');
    expect(outcome.reason).toContain('could not sign in');
  });

  it('is inconclusive, not failed or passed, when the sessions are lost mid-test', async () => {
    // The first probe signs every canary out, so each later request meets a 401.
    const losing = {
      ...good.canary,
      async create(signal?: AbortSignal) {
        const set = await good.canary.create(signal);
        const signOut = {
          method: 'POST' as const,
          path: '/api/auth/sign-out',
          allowed: ROLES,
          permission: 'self',
        };
        return { ...set, roleProbes: [signOut, ...set.roleProbes] };
      },
    };
    const { context, dispose } = createSecurityContext({
      baseUrl: good.url,
      routes: FAKE_COOKIES,
      canary: losing,
    });
    const outcome = await authorization.run(context, AbortSignal.timeout(15_000));
    await dispose();
    expect(outcome.verdict, outcome.reason).toBe('inconclusive');
    expect(outcome.reason).toContain('were refused (401) during the test');
  });

  it('removes every canary it made', async () => {
    const before = good.userCount();
    await run(authorization, good);
    expect(good.userCount()).toBe(before);
  });
});
