import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import type { TestDefinition } from '../model.ts';
import { makeFixtureCerts } from '../testing/certs.ts';
import { FAKE_COOKIES } from '../testing/fake-netguard.ts';
import { startFixture } from '../testing/fixture-server.ts';
import { createSecurityContext, type SecurityContext } from './context.ts';
import { cookieFlags } from './tests/cookie-flags.ts';
import { cors } from './tests/cors.ts';
import { contentSecurityPolicy } from './tests/csp.ts';
import { exposedFiles } from './tests/exposed-files.ts';
import { informationLeakage } from './tests/information-leakage.ts';
import { responseHeaders } from './tests/response-headers.ts';

type Site = Awaited<ReturnType<typeof startFixture>>;
let good: Site;
let bad: Site;
let ca: string;

beforeAll(async () => {
  const host = testResources().host(1);
  const certs = makeFixtureCerts(host);
  ca = certs.ca;
  good = await startFixture(host, 'good', { ...certs.valid, minVersion: 'TLSv1.2' });
  bad = await startFixture(host, 'bad');
});
afterAll(async () => {
  await good?.close();
  await bad?.close();
});

async function both(test: TestDefinition<SecurityContext>) {
  const run = async (site: Site) => {
    const { context, dispose } = createSecurityContext({
      baseUrl: site.url,
      ca,
      canary: site.canary,
      routes: FAKE_COOKIES,
    });
    try {
      return await test.run(context, AbortSignal.timeout(15_000));
    } finally {
      await dispose();
    }
  };
  return { good: await run(good), bad: await run(bad) };
}

const modifiers = (o: Awaited<ReturnType<TestDefinition<SecurityContext>['run']>>) =>
  o.evidence
    .filter((e) => e.kind === 'score-modifier')
    .map((e) => [e.data?.rule, e.data?.modifier]);

describe('header, cookie, CORS, leakage and exposure tests', () => {
  it('CSP: passes a strict policy, fails unsafe-inline and unsafe-eval scripts', async () => {
    const r = await both(contentSecurityPolicy);
    expect(r.good.verdict, r.good.reason).toBe('passed');
    expect(r.bad.verdict, r.bad.reason).toBe('failed');
    expect(r.bad.reason).toContain("'unsafe-inline'");
    expect(modifiers(r.bad)).toEqual([['csp-implemented-with-unsafe-inline', -20]]);
  });

  it('other headers: passes the full set, fails a response without them', async () => {
    const r = await both(responseHeaders);
    expect(r.good.verdict, r.good.reason).toBe('passed');
    expect(r.bad.verdict, r.bad.reason).toBe('failed');
    expect(r.bad.reason).toContain('X-Content-Type-Options');
    expect(modifiers(r.bad)).toContainEqual(['x-frame-options-not-implemented', -20]);
  });

  it('cookie flags: passes Secure, HttpOnly, SameSite, prefixed cookies; fails a session cookie without them', async () => {
    const r = await both(cookieFlags);
    expect(r.good.verdict, r.good.reason).toBe('passed');
    expect(r.bad.verdict, r.bad.reason).toBe('failed');
    expect(r.bad.reason).toContain('sessionid');
    expect(modifiers(r.bad)).toEqual([['cookies-session-without-secure-flag', -40]]);
    // The evidence never holds a cookie's value.
    expect(JSON.stringify(r.good.evidence)).not.toMatch(/ng_refresh=[^(]/);
  });

  it('cookie flags: without canaries the session cookies are unseen, so well-set page cookies are not a pass', async () => {
    const { context } = createSecurityContext({ baseUrl: good.url, ca, routes: FAKE_COOKIES });
    const outcome = await cookieFlags.run(context, AbortSignal.timeout(15_000));
    expect(outcome.verdict, outcome.reason).toBe('inconclusive');
    expect(outcome.reason).toContain('session cookies were not seen');
  });

  it('CORS: passes no CORS, fails an origin reflected with credentials', async () => {
    const r = await both(cors);
    expect(r.good.verdict, r.good.reason).toBe('passed');
    expect(r.bad.verdict, r.bad.reason).toBe('failed');
    expect(modifiers(r.bad)).toEqual([
      ['cross-origin-resource-sharing-implemented-with-universal-access', -50],
    ]);
  });

  it('information leakage: passes generic errors, fails version headers and stack traces', async () => {
    const r = await both(informationLeakage);
    expect(r.good.verdict, r.good.reason).toBe('passed');
    expect(r.bad.verdict, r.bad.reason).toBe('failed');
    expect(r.bad.reason).toContain('Express/4.17.1');
    expect(r.bad.reason).toContain('a stack frame');
  });

  it('exposed files: passes an SPA fallback for every path, fails .git/config, .env, a source map and open metrics', async () => {
    const r = await both(exposedFiles);
    expect(r.good.verdict, r.good.reason).toBe('passed');
    expect(r.bad.verdict, r.bad.reason).toBe('failed');
    for (const hit of ['/.git/config', '/.env ', '/assets/app.js.map', '/metrics'])
      expect(r.bad.reason).toContain(hit);
  });
});
