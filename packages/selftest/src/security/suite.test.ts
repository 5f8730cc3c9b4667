import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import { makeFixtureCerts } from '../testing/certs.ts';
import { FAKE_COOKIES } from '../testing/fake-netguard.ts';
import { type Running, startFixture, startRedirector } from '../testing/fixture-server.ts';
import { createSecurityContext } from './context.ts';
import { BudgetSpentError, OutOfScopeError } from './http.ts';
import { runSecuritySuite } from './suite.ts';
import { passiveSecurityTests, securityTests } from './tests/index.ts';

type Site = Awaited<ReturnType<typeof startFixture>>;
let good: Site;
let bad: Site;
let redirector: Running;
let ca: string;

beforeAll(async () => {
  const host = testResources().host(1);
  const certs = makeFixtureCerts(host);
  ca = certs.ca;
  good = await startFixture(host, 'good', {
    ...certs.valid,
    minVersion: 'TLSv1.2',
    ciphers: 'ECDHE+AESGCM:ECDHE+CHACHA20',
  });
  redirector = await startRedirector(host, good.url);
  bad = await startFixture(host, 'bad');
});
afterAll(async () => {
  await Promise.all([good?.close(), bad?.close(), redirector?.close()]);
});

const options = (site: Site) => ({
  ca,
  canary: site.canary,
  routes: FAKE_COOKIES,
  publicOperations: ['POST /api/auth/sign-in'],
  testTimeoutMs: 20_000,
});

describe('the security suite', () => {
  it('holds exactly the 15 tests of issue 35, each described, with a passive subset', () => {
    expect(securityTests).toHaveLength(15);
    expect(new Set(securityTests.map((t) => t.id)).size).toBe(15);
    for (const t of securityTests) {
      expect(t.suite).toBe('security');
      for (const text of [t.name, t.checks, t.how, t.passCriterion])
        expect(text.length).toBeGreaterThan(10);
      expect(t.covers.length).toBeGreaterThan(0);
    }
    const active = securityTests.filter((t) => !passiveSecurityTests.includes(t)).map((t) => t.id);
    expect(active).toEqual([
      'security.cookie-flags',
      'security.openapi-auth',
      'security.authorization',
      'security.sign-in-hardening',
      'security.session-tokens',
    ]);
  });

  it('passes a hardened HTTPS deployment with grades A+ and the ASVS share', async () => {
    const run = await runSecuritySuite({
      baseUrl: good.url,
      plainHttpUrl: redirector.url,
      ...options(good),
    });
    const notPassed = run.results
      .filter((r) => r.state !== 'passed')
      .map((r) => `${r.testId}: ${r.outcome?.reason}`);
    expect(notPassed).toEqual([]);
    expect(run.totals).toMatchObject({ totalTests: 15, passedTests: 15, passRate: 100 });
    expect(run.scores.observatory).toMatchObject({ grade: 'A+' });
    expect(run.scores.sslLabs).toMatchObject({ grade: 'A+', caps: [] });
    expect(run.scores.asvs).toMatchObject({ total: 70, checked: 20, passed: 20 });
    expect(run.requestsSent).toBeLessThan(200);
  });

  it('fails a careless plain-HTTP deployment on every test, with an F and no TLS grade', async () => {
    const run = await runSecuritySuite({ baseUrl: bad.url, ...options(bad) });
    const notFailed = run.results
      .filter((r) => r.state !== 'failed')
      .map((r) => `${r.testId}: ${r.state} ${r.outcome?.reason}`);
    expect(notFailed).toEqual([]);
    expect(run.scores.observatory).toMatchObject({ grade: 'F' });
    expect(run.scores.sslLabs.grade).toBeNull();
    expect(run.scores.asvs).toMatchObject({ checked: 20, passed: 0 });
  });

  it('prints no grade when a test is inconclusive', async () => {
    const run = await runSecuritySuite({
      baseUrl: good.url,
      plainHttpUrl: redirector.url,
      ca,
      routes: FAKE_COOKIES,
    });
    expect(run.results.find((r) => r.testId === 'security.authorization')?.state).toBe(
      'inconclusive',
    );
    expect(run.scores.observatory.grade).toBeNull();
    expect(run.scores.sslLabs.grade).toBeNull();
    expect('reason' in run.scores.observatory && run.scores.observatory.reason).toContain(
      'security.authorization is inconclusive',
    );
  });

  it('talks only to the base URL and stops at the request budget', async () => {
    const { context } = createSecurityContext({ baseUrl: good.url, requestBudget: 2, ca });
    await expect(context.http.request({ path: 'http://127.0.0.1:9/' })).rejects.toBeInstanceOf(
      OutOfScopeError,
    );
    await expect(context.http.request({ path: `${bad.url}/` })).rejects.toBeInstanceOf(
      OutOfScopeError,
    );
    await context.http.request({ path: '/' });
    await context.http.request({ path: '/' });
    await expect(context.http.request({ path: '/' })).rejects.toBeInstanceOf(BudgetSpentError);
    // A spent budget leaves the rest of a run inconclusive, never passed.
    const run = await runSecuritySuite({
      baseUrl: good.url,
      plainHttpUrl: redirector.url,
      ...options(good),
      requestBudget: 20,
    });
    const late = run.results.slice(-3).map((r) => r.state);
    expect(late).toEqual(['inconclusive', 'inconclusive', 'inconclusive']);
  });
});
