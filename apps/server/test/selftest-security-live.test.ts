// The security suite against a real NetGuard (this test's app, plain HTTP on the file's loopback
// block) with the server's own canaries: what a plain-HTTP deployment fails (TLS, certificate,
// ciphers, redirect, HSTS, cookie flags: all right, it has no TLS) and what it passes (headers,
// CORS, leakage, exposed files, the OpenAPI operations, roles and tenants, sign-in, tokens), and
// that the canaries are gone afterwards.
import type net from 'node:net';
import { DEFAULT_PRODUCT_IDS } from '@netguard/contracts';
import { runSecuritySuite } from '@netguard/selftest';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { users } from '../src/db/schema.ts';
import { createAccessTokens } from '../src/lib/access-token.ts';
import {
  createSecurityCanaries,
  roleProbesOf,
  SECURITY_CANARY_DOMAIN,
} from '../src/modules/selftest/security-canaries.ts';
import { createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
let run: Awaited<ReturnType<typeof runSecuritySuite>>;
const canaryUsers = async () =>
  (
    await ctx.db
      .select()
      .from(users)
      .where(like(users.email, `%@${SECURITY_CANARY_DOMAIN}`))
  ).length;

beforeAll(async () => {
  ctx = await createTestApp();
  const host = testResources().host(1);
  await ctx.app.listen({ host, port: 0 });
  const { port } = ctx.app.server.address() as net.AddressInfo;
  const canary = createSecurityCanaries({
    db: ctx.db,
    routePermissions: ctx.app.routePermissions,
    tokens: createAccessTokens('test-secret-key-for-netguard-tests'),
    tiers: DEFAULT_PRODUCT_IDS,
  });
  run = await runSecuritySuite({
    baseUrl: `http://${host}:${port}`,
    canary,
    budgetMs: 120_000,
    testTimeoutMs: 60_000,
  });
}, 150_000);
afterAll(() => ctx?.close());

const verdicts = () => Object.fromEntries(run.results.map((r) => [r.testId, r.state]));

describe('the security suite on a plain-HTTP NetGuard', () => {
  it('fails what needs TLS, with the reason', () => {
    expect(verdicts()).toMatchObject({
      'security.tls-protocols': 'failed',
      'security.certificate': 'failed',
      'security.cipher-suites': 'failed',
      'security.https-redirect': 'failed',
      'security.hsts': 'failed',
      'security.cookie-flags': 'failed',
    });
    const cookies = run.results.find((r) => r.testId === 'security.cookie-flags');
    expect(cookies?.outcome?.reason).toContain('set over plain HTTP');
  });

  it('passes the application logic: operations, roles, tenants, sign-in and tokens', () => {
    expect(verdicts()).toMatchObject({
      'security.openapi-auth': 'passed',
      'security.authorization': 'passed',
      'security.sign-in-hardening': 'passed',
      'security.session-tokens': 'passed',
      'security.cors': 'passed',
      'security.csp': 'passed',
      'security.response-headers': 'passed',
      'security.exposed-files': 'passed',
      'security.information-leakage': 'passed',
    });
  });

  it('probes every permission a GET route declares, and removes its canaries', async () => {
    const probes = roleProbesOf(ctx.app.routePermissions);
    expect(probes.length).toBeGreaterThan(10);
    expect(probes.find((p) => p.permission === 'audit:read')?.allowed).toEqual([
      'admin',
      'auditor',
    ]);
    expect(await canaryUsers()).toBe(0);
  });
});
