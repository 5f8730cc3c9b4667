// The security suite against a real NetGuard (this file's app on its loopback block) with the
// server's own canaries, twice: over plain HTTP, where it fails what needs TLS (TLS, certificate,
// ciphers, redirect, HSTS, cookie flags: all right, there is no TLS) and passes the rest; and
// behind a TLS terminator with PUBLIC_URL https, where all 15 pass with A+ grades. The canaries
// are gone after each run.
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import tls from 'node:tls';
import { DEFAULT_PRODUCT_IDS, scoreLines } from '@netguard/contracts';
import { runSecuritySuite } from '@netguard/selftest';
import { makeFixtureCerts } from '@netguard/selftest/testing/certs';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { users } from '../src/db/schema.ts';
import { createAccessTokens } from '../src/lib/access-token.ts';
import { CANARY_DOMAIN } from '../src/modules/selftest/canary.ts';
import { createSecurityCanaries, roleProbesOf } from '../src/modules/selftest/security-canaries.ts';
import { scoresOf } from '../src/modules/selftest/selftest.scores.ts';
import { createTestApp, type TestContext } from './helpers.ts';

type Run = Awaited<ReturnType<typeof runSecuritySuite>>;
type Deployment = { ctx: TestContext; run: Run; close: () => Promise<void> };

const canaryUsers = async (ctx: TestContext) =>
  (
    await ctx.db
      .select()
      .from(users)
      .where(like(users.email, `%@${CANARY_DOMAIN}`))
  ).length;

/** A TLS 1.2+ terminator in front of the app, as a reverse proxy would be. */
async function tlsFront(host: string, upstreamPort: () => number) {
  const certs = makeFixtureCerts(host);
  const front = tls.createServer({ ...certs.valid, minVersion: 'TLSv1.2' }, (socket) => {
    const upstream = net.connect(upstreamPort(), host);
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => front.listen(0, host, resolve));
  return { front, port: (front.address() as AddressInfo).port, ca: certs.ca };
}

async function deploy(https: boolean): Promise<Deployment> {
  const host = testResources().host(https ? 2 : 1);
  let appPort = 0;
  const front = https ? await tlsFront(host, () => appPort) : undefined;
  const ctx = await createTestApp(front ? { PUBLIC_URL: `https://${host}:${front.port}` } : {});
  await ctx.app.listen({ host, port: 0 });
  appPort = (ctx.app.server.address() as AddressInfo).port;
  const canary = createSecurityCanaries({
    db: ctx.db,
    routePermissions: ctx.app.routePermissions,
    tokens: createAccessTokens('test-secret-key-for-netguard-tests'),
    tiers: DEFAULT_PRODUCT_IDS,
  });
  const run = await runSecuritySuite({
    baseUrl: front ? `https://${host}:${front.port}` : `http://${host}:${appPort}`,
    ...(front ? { ca: front.ca } : {}),
    canary,
    budgetMs: 120_000,
    testTimeoutMs: 60_000,
  });
  return {
    ctx,
    run,
    close: async () => {
      front?.front.close();
      await ctx.close();
    },
  };
}

const verdicts = (run: Run) => Object.fromEntries(run.results.map((r) => [r.testId, r.state]));

describe('the security suite on a plain-HTTP NetGuard', () => {
  let plain: Deployment;
  beforeAll(async () => {
    plain = await deploy(false);
  }, 150_000);
  afterAll(() => plain?.close());

  it('fails what needs TLS, with the reason', () => {
    expect(verdicts(plain.run)).toMatchObject({
      'security.tls-protocols': 'failed',
      'security.certificate': 'failed',
      'security.cipher-suites': 'failed',
      'security.https-redirect': 'failed',
      'security.hsts': 'failed',
      'security.cookie-flags': 'failed',
    });
    const cookies = plain.run.results.find((r) => r.testId === 'security.cookie-flags');
    expect(cookies?.outcome?.reason).toContain('set over plain HTTP');
  });

  it('passes the application logic: operations, roles, tenants, sign-in and tokens', () => {
    expect(verdicts(plain.run)).toMatchObject({
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
    const probes = roleProbesOf(plain.ctx.app.routePermissions);
    expect(probes.length).toBeGreaterThan(10);
    expect(probes.find((p) => p.permission === 'audit:read')?.allowed).toEqual([
      'admin',
      'auditor',
    ]);
    expect(await canaryUsers(plain.ctx)).toBe(0);
  });
});

describe('the security suite on NetGuard behind TLS (PUBLIC_URL https)', () => {
  let secure: Deployment;
  beforeAll(async () => {
    secure = await deploy(true);
  }, 150_000);
  afterAll(() => secure?.close());

  it('passes all 15 with A+ grades, and removes its canaries', async () => {
    const failing = secure.run.results
      .filter((r) => r.state !== 'passed')
      .map((r) => `${r.testId}: ${r.state}: ${r.outcome?.reason}`);
    expect(failing).toEqual([]);
    expect(secure.run.results).toHaveLength(15);
    expect(secure.run.scores.observatory.grade).toBe('A+');
    expect(secure.run.scores.sslLabs.grade).toMatch(/^A/);
    // The execution's stored scores read the same: the TLS grade line of the page and reports.
    const stored = scoresOf(secure.run.results);
    expect(stored?.ssl_labs).toMatchObject({
      grade: secure.run.scores.sslLabs.grade,
      reason: null,
    });
    expect(scoreLines(stored!)).toMatchObject({
      observatory: `Observatory ${stored?.observatory.score}/100 (A+)`,
      tls: `TLS grade ${secure.run.scores.sslLabs.grade}`,
    });
    expect(await canaryUsers(secure.ctx)).toBe(0);
  });
});
