import { CSRF_COOKIE_NAME, REFRESH_COOKIE_NAME, SSO_TEXT } from '@netguard/contracts';
import { and, desc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import {
  organizations,
  securityAlerts,
  securityEvents,
  ssoConfigs,
  ssoLogins,
  userRoles,
} from '../src/db/schema.ts';
import {
  type Account,
  cookieValue,
  createAccount,
  createTestApp,
  refresh,
  signIn,
  type TestContext,
} from './helpers.ts';
import { enableTotp, redeem } from './mfa-helpers.ts';
import { subscribe } from './seed.ts';
import { markDomainsVerified } from './sso-dns.ts';
import { createBrowser, type OidcIdp, startOidcIdp } from './sso-helpers.ts';
import { totpCode } from './totp-code.ts';

const PUBLIC_URL = 'http://localhost:8080';
let ctx: TestContext;
let idp: OidcIdp;
let alice: Account;
let bob: Account;
let carol: Account;

type Headers = { authorization: string };
const call = (auth: Headers, method: 'GET' | 'PUT' | 'DELETE', payload?: object) =>
  ctx.app.inject({
    method,
    url: '/api/organization/sso',
    headers: auth,
    ...(payload ? { payload } : {}),
  });
const message = (res: { json: () => { error: { message: string } } }) => res.json().error.message;

const oidcConfig = (overrides: Record<string, unknown> = {}) => ({
  protocol: 'oidc',
  enabled: true,
  domains: ['acme.test'],
  default_role: 'viewer',
  groups_claim: 'groups',
  role_mappings: [
    { group: 'secops', role: 'security_analyst' },
    { group: 'auditors', role: 'auditor' },
  ],
  require_sso: false,
  break_glass_user_id: null,
  oidc: { issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret },
  ...overrides,
});

async function latestEvents(organizationId: string, limit = 5) {
  return ctx.db
    .select()
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.organizationId, organizationId),
        ne(securityEvents.eventType, 'data_access'),
      ),
    )
    .orderBy(desc(securityEvents.seq))
    .limit(limit);
}

/** Starts "Sign in with SSO" for `email`, signs in at the IdP as `login`; the callback request. */
async function throughIdp(email: string, login: string) {
  const started = await ctx.app.inject({
    method: 'POST',
    url: '/api/sso/start',
    payload: { email },
  });
  expect(started.statusCode, started.body).toBe(200);
  const browser = cookieValue(started, 'netguard_sso') ?? '';
  idp.state.nextLogin = login;
  const landed = new URL(await createBrowser().walk(started.json().redirect_url, PUBLIC_URL));
  const path = `${landed.pathname}${landed.search}`;
  return {
    path,
    state: landed.searchParams.get('state') ?? '',
    callback: (cookie: string | undefined = browser) =>
      ctx.app.inject({
        method: 'GET',
        url: path,
        ...(cookie ? { cookies: { netguard_sso: cookie } } : {}),
      }),
  };
}

/** A completed SSO sign-in: the session the web app gets from /api/auth/refresh. */
async function ssoSession(email: string, login: string) {
  const { callback } = await throughIdp(email, login);
  const res = await callback();
  expect(res.statusCode, res.body).toBe(303);
  expect(res.headers.location).toBe('/auth?sso=done');
  expect(res.headers.location).not.toMatch(/token|code/);
  const session = await refresh(
    ctx,
    cookieValue(res, REFRESH_COOKIE_NAME) ?? '',
    cookieValue(res, CSRF_COOKIE_NAME) ?? '',
  );
  expect(session.statusCode, session.body).toBe(200);
  return session.json();
}

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL });
  idp = await startOidcIdp(`${PUBLIC_URL}/api/sso/oidc/callback`, testResources().host(1));
  alice = await createAccount(ctx, 'alice-sso@example.com');
  bob = await createAccount(ctx, 'bob-sso@example.com');
  carol = await createAccount(ctx, 'carol-sso@example.com');
  await subscribe(ctx, alice);
  await subscribe(ctx, bob);
  idp.users.set('dana', { email: 'dana@acme.test', groups: ['secops'] });
  idp.users.set('eve', { email: 'eve@elsewhere.test', groups: [] });
  idp.users.set('gina', { email: 'gina@acme.test', groups: [] });
});
afterAll(async () => {
  await idp?.close();
  await ctx?.close();
});

describe('OIDC configuration', () => {
  it('is refused on the Free plan (402) and shown as unavailable', async () => {
    const res = await call(carol.auth, 'PUT', oidcConfig());
    expect(res.statusCode).toBe(402);
    expect(message(res)).toBe(SSO_TEXT.planRequired);
    expect((await call(carol.auth, 'GET')).json()).toMatchObject({ sso: null, available: false });
  });

  it('saves issuer, client and domains; the secret is encrypted and never returned; an event is written', async () => {
    const res = await call(alice.auth, 'PUT', oidcConfig());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.available).toBe(true);
    expect(body.sso).toMatchObject({
      protocol: 'oidc',
      domains: ['acme.test'],
      oidc: { issuer: idp.issuer, client_id: idp.clientId, client_secret_set: true },
    });
    expect(res.body).not.toContain(idp.clientSecret);
    const [row] = await ctx.db
      .select()
      .from(ssoConfigs)
      .where(eq(ssoConfigs.organizationId, alice.organizationId));
    expect(row?.oidcClientSecretEnc).toBeTruthy();
    expect(row?.oidcClientSecretEnc).not.toContain(idp.clientSecret);
    const [event] = await latestEvents(alice.organizationId, 1);
    expect(event).toMatchObject({ eventType: 'privilege_escalation', severity: 'medium' });
    expect(event?.description).toBe('SSO configuration created');
    // Sign-in is what these tests are about: the domain counts as proved (sso-domains.test.ts).
    expect(body.sso.domain_claims).toMatchObject([{ domain: 'acme.test', status: 'unverified' }]);
    await markDomainsVerified(ctx.db, alice.organizationId, ['acme.test']);
  });

  it('refuses an unreachable issuer with a clear 400', async () => {
    const res = await call(
      alice.auth,
      'PUT',
      oidcConfig({ oidc: { issuer: 'http://127.0.0.1:9/', client_id: 'x', client_secret: 'y' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(message(res)).toMatch(/Could not use the issuer http:\/\/127\.0\.0\.1:9\//);
  });

  it('checks the issuer at most 10 times a minute per organization (a probe of its address)', async () => {
    const prober = await createAccount(ctx, 'issuer-prober@example.com');
    await subscribe(ctx, prober);
    const closed = (port: number) =>
      oidcConfig({
        domains: ['prober.test'],
        oidc: {
          issuer: `http://${testResources().host(1)}:${port}/`,
          client_id: 'x',
          client_secret: 'y',
        },
      });
    const statuses = [];
    for (let port = 1; port <= 11; port++)
      statuses.push((await call(prober.auth, 'PUT', closed(port))).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    // Another organization's budget is its own.
    expect((await call(bob.auth, 'PUT', closed(12))).statusCode).toBe(400);
  });

  it('another organization neither sees nor changes it (404, 409)', async () => {
    expect((await call(bob.auth, 'GET')).json().sso).toBeNull();
    expect((await call(bob.auth, 'DELETE')).statusCode).toBe(404);
    const steal = await call(bob.auth, 'PUT', oidcConfig());
    expect(steal.statusCode, steal.body).toBe(409);
    expect(message(steal)).toBe(SSO_TEXT.domainTaken('acme.test'));
    expect((await call(alice.auth, 'GET')).json().sso.domains).toEqual(['acme.test']);
  });
});

describe('OIDC sign-in', () => {
  let danaAuth: Headers;

  it('routes by e-mail domain; an unknown domain is told to use the password', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/sso/start',
      payload: { email: 'someone@unknown.test' },
    });
    expect(res.statusCode).toBe(404);
    expect(message(res)).toBe(SSO_TEXT.noProviderForDomain('unknown.test'));
    const routed = await ctx.app.inject({
      method: 'POST',
      url: '/api/sso/start',
      payload: { email: 'dana@acme.test' },
    });
    const target = new URL(routed.json().redirect_url);
    expect(target.origin).toBe(idp.issuer);
    expect(target.searchParams.get('code_challenge_method')).toBe('S256');
    expect(target.searchParams.get('client_id')).toBe(idp.clientId);
  });

  it('signs a new user in just in time, with the role the groups map to, in the organization', async () => {
    const session = await ssoSession('dana@acme.test', 'dana');
    expect(session.user).toMatchObject({
      email: 'dana@acme.test',
      organization_id: alice.organizationId,
      role: 'security_analyst',
      email_confirmed: true,
    });
    danaAuth = { authorization: `Bearer ${session.access_token}` };
    const [event] = await latestEvents(alice.organizationId, 1);
    expect(event).toMatchObject({ eventType: 'auth_attempt' });
    expect(event?.metadata).toMatchObject({ outcome: 'success', method: 'sso', jit: true });
    // Members see the new member with the mapped role.
    const members = await ctx.app.inject({
      method: 'GET',
      url: '/api/organization/members',
      headers: alice.auth,
    });
    expect(
      members.json().members.find((m: { email: string }) => m.email === 'dana@acme.test')?.role,
    ).toBe('security_analyst');
  });

  it('roles other than admin get 403 on the configuration', async () => {
    const res = await call(danaAuth, 'GET');
    expect(res.statusCode).toBe(403);
    expect((await call(danaAuth, 'PUT', oidcConfig())).statusCode).toBe(403);
    expect((await call(danaAuth, 'DELETE')).statusCode).toBe(403);
  });

  it('re-applies the role mapping at the next sign-in (and records the change)', async () => {
    idp.users.set('dana', { email: 'dana@acme.test', groups: ['auditors'] });
    const session = await ssoSession('dana@acme.test', 'dana');
    expect(session.user.role).toBe('auditor');
    const events = await latestEvents(alice.organizationId, 2);
    expect(events.map((e) => e.eventType)).toContain('privilege_escalation');
    expect(events.find((e) => e.eventType === 'privilege_escalation')?.description).toBe(
      'SSO group mapping changed the role from security_analyst to auditor',
    );
    idp.users.set('dana', { email: 'dana@acme.test', groups: [] });
    expect((await ssoSession('dana@acme.test', 'dana')).user.role).toBe('viewer');
  });

  it('keeps an SSO session in its organization: no switch to the personal one', async () => {
    const session = await ssoSession('dana@acme.test', 'dana');
    const [personal] = await ctx.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.ownerId, session.user.id), eq(organizations.personal, true)));
    const switched = await ctx.app.inject({
      method: 'POST',
      url: '/api/organizations/switch',
      headers: { authorization: `Bearer ${session.access_token}` },
      payload: { organization_id: personal?.id },
    });
    expect(switched.statusCode).toBe(403);
    expect(message(switched)).toBe(SSO_TEXT.sessionPinned);
    // Nor does it list the person's other organizations (names, roles) to this one.
    const memberships = await ctx.db
      .select({ id: userRoles.organizationId })
      .from(userRoles)
      .where(eq(userRoles.userId, session.user.id));
    expect(memberships.map((m) => m.id).sort()).toEqual(
      [alice.organizationId, personal?.id].sort(),
    );
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/organizations',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().organizations.map((o: { id: string }) => o.id)).toEqual([
      alice.organizationId,
    ]);
    // Switching to the organization it is in is not refused by the pin.
    const same = await ctx.app.inject({
      method: 'POST',
      url: '/api/organizations/switch',
      headers: { authorization: `Bearer ${session.access_token}` },
      payload: { organization_id: alice.organizationId },
    });
    expect(same.statusCode).toBe(200);
  });

  it('refuses an identity whose e-mail is outside the domains (403)', async () => {
    const { callback } = await throughIdp('dana@acme.test', 'eve');
    const res = await callback();
    expect(res.statusCode).toBe(403);
    expect(res.json().error.details).toEqual({ reason: 'domain_not_allowed' });
  });

  it('refuses an existing password account that is not a member (no takeover)', async () => {
    await createAccount(ctx, 'gina@acme.test');
    const res = await (await throughIdp('gina@acme.test', 'gina')).callback();
    expect(res.statusCode).toBe(403);
    expect(res.json().error.details).toEqual({ reason: 'account_not_member' });
  });

  it('refuses a wrong or foreign state, and a state from another browser', async () => {
    const flow = await throughIdp('dana@acme.test', 'dana');
    const forged = flow.path.replace(flow.state, '00000000-0000-4000-8000-000000000000');
    const wrong = await ctx.app.inject({ method: 'GET', url: forged });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details).toEqual({ reason: 'invalid_state' });
    const otherBrowser = await flow.callback('someone-elses-cookie');
    expect(otherBrowser.statusCode).toBe(400);
    expect(otherBrowser.json().error.details).toEqual({ reason: 'invalid_state' });
    const [event] = await latestEvents(alice.organizationId, 1);
    expect(event?.metadata).toMatchObject({ outcome: 'sso_refused', reason: 'invalid_state' });
    // A browser wanting HTML gets a page with the reason, not JSON.
    const page = await ctx.app.inject({
      method: 'GET',
      url: forged,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('Single sign-on failed');
  });

  it('refuses a code redeemed with the wrong PKCE verifier', async () => {
    const flow = await throughIdp('dana@acme.test', 'dana');
    await ctx.db
      .update(ssoLogins)
      .set({ codeVerifier: 'x'.repeat(43) })
      .where(eq(ssoLogins.id, flow.state));
    const res = await flow.callback();
    expect(res.statusCode).toBe(401);
    expect(res.json().error.details).toEqual({ reason: 'idp_error' });
    expect(message(res)).toMatch(/invalid_grant/);
  });

  it('refuses a replayed callback', async () => {
    const flow = await throughIdp('dana@acme.test', 'dana');
    expect((await flow.callback()).statusCode).toBe(303);
    const again = await flow.callback();
    expect(again.statusCode).toBe(400);
    expect(again.json().error.details).toEqual({ reason: 'replayed' });
    // A replay is an attack in progress: critical, queued for the admins' alert.
    const [event] = await latestEvents(alice.organizationId, 1);
    expect(event).toMatchObject({ eventType: 'security_violation', severity: 'critical' });
    const alerts = await ctx.db
      .select()
      .from(securityAlerts)
      .where(eq(securityAlerts.eventId, event!.id));
    expect(alerts).toHaveLength(1);
  });

  const refusedToken = async (mutate: (token: string) => Promise<string> | string) => {
    const flow = await throughIdp('dana@acme.test', 'dana');
    idp.state.mutateIdToken = mutate;
    try {
      return await flow.callback();
    } finally {
      idp.state.mutateIdToken = null;
    }
  };

  it('refuses a tampered ID token (signature)', async () => {
    const res = await refusedToken((token) => {
      const [header, payload, signature] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, email: 'ceo@acme.test' })).toString(
        'base64url',
      );
      return `${header}.${forged}.${signature}`;
    });
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().error.details, res.body).toEqual({ reason: 'invalid_signature' });
    const [event] = await latestEvents(alice.organizationId, 1);
    expect(event).toMatchObject({ eventType: 'security_violation', severity: 'medium' });
  });

  it('refuses an expired ID token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const res = await refusedToken((token) =>
      idp.resign(token, { iat: now - 7200, exp: now - 3600 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual({ reason: 'expired' });
  });

  it('refuses an ID token for another audience', async () => {
    const res = await refusedToken((token) => idp.resign(token, { aud: 'another-client' }));
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().error.details, res.body).toEqual({ reason: 'wrong_audience' });
  });

  it('accepts the same token flow unmodified (the refusals above are not the default)', async () => {
    const res = await refusedToken((token) => token);
    expect(res.statusCode).toBe(303);
  });
});

describe('require SSO', () => {
  let frank: Account;

  it('needs a break-glass admin with MFA', async () => {
    const none = await call(alice.auth, 'PUT', oidcConfig({ require_sso: true }));
    expect(none.statusCode).toBe(400);
    expect(message(none)).toBe(SSO_TEXT.breakGlassRequired);
    const noMfa = await call(
      alice.auth,
      'PUT',
      oidcConfig({ require_sso: true, break_glass_user_id: alice.userId }),
    );
    expect(noMfa.statusCode).toBe(400);
    expect(message(noMfa)).toBe(SSO_TEXT.breakGlassNeedsMfa);
  });

  it('refuses password sign-in for members, except the break-glass admin who must pass MFA', async () => {
    frank = await createAccount(ctx, 'frank-sso@example.com');
    // A member of Alice's organization (as an accepted invitation leaves it).
    await ctx.db
      .insert(userRoles)
      .values({ userId: frank.userId, organizationId: alice.organizationId, role: 'viewer' });
    // Not required yet: the member signs in with the password.
    expect((await signIn(ctx, frank.email)).statusCode).toBe(200);

    const { secret } = await enableTotp(ctx, alice);
    const saved = await call(
      alice.auth,
      'PUT',
      oidcConfig({
        require_sso: true,
        break_glass_user_id: alice.userId,
        oidc: { issuer: idp.issuer, client_id: idp.clientId },
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().sso).toMatchObject({
      require_sso: true,
      break_glass_user_id: alice.userId,
    });

    const refused = await signIn(ctx, frank.email);
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe(SSO_TEXT.passwordRefused);
    // Password sign-in events go to the user's personal organization, as before.
    const [event] = await latestEvents(frank.organizationId, 1);
    expect(event?.metadata).toMatchObject({ outcome: 'sso_required' });

    const breakGlass = await signIn(ctx, alice.email);
    expect(breakGlass.statusCode, breakGlass.body).toBe(200);
    const challenge = breakGlass.json();
    expect(challenge.access_token).toBeUndefined();
    expect(challenge.challenge_token).toBeTruthy();
    // The next 30 s step: the current one was spent turning TOTP on.
    const done = await redeem(
      ctx,
      challenge.challenge_token,
      totpCode(secret, Date.now() + 30_000),
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().access_token).toBeTruthy();

    // SSO still works for members.
    expect((await ssoSession('dana@acme.test', 'dana')).user.email).toBe('dana@acme.test');
  });

  it('lifting "require SSO" lets members use their password again', async () => {
    const saved = await call(
      alice.auth,
      'PUT',
      oidcConfig({ oidc: { issuer: idp.issuer, client_id: idp.clientId } }),
    );
    expect(saved.statusCode).toBe(200);
    expect((await signIn(ctx, frank.email)).statusCode).toBe(200);
  });

  it('an SSO session ends when its user leaves the organization (no fallback)', async () => {
    const { callback } = await throughIdp('dana@acme.test', 'dana');
    const res = await callback();
    const cookies = [
      cookieValue(res, REFRESH_COOKIE_NAME) ?? '',
      cookieValue(res, CSRF_COOKIE_NAME) ?? '',
    ] as const;
    const session = (await refresh(ctx, ...cookies)).json();
    await ctx.db
      .delete(userRoles)
      .where(
        and(
          eq(userRoles.userId, session.user.id),
          eq(userRoles.organizationId, alice.organizationId),
        ),
      );
    expect((await refresh(ctx, ...cookies)).statusCode).toBe(401);
  });

  it('removing the configuration writes an event; sign-in by domain then stops', async () => {
    expect((await call(alice.auth, 'DELETE')).statusCode).toBe(204);
    const [event] = await latestEvents(alice.organizationId, 1);
    expect(event?.description).toBe('SSO configuration removed');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/sso/start',
      payload: { email: 'dana@acme.test' },
    });
    expect(res.statusCode).toBe(404);
  });
});
