import { CSRF_COOKIE_NAME, REFRESH_COOKIE_NAME } from '@netguard/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { securityEvents } from '../src/db/schema.ts';
import {
  type Account,
  cookieValue,
  createAccount,
  createTestApp,
  refresh,
  type TestContext,
} from './helpers.ts';
import { subscribe } from './seed.ts';
import { markDomainsVerified } from './sso-dns.ts';
import {
  makeSigningCert,
  type SamlIdp,
  type SamlResponseOptions,
  startSamlIdp,
} from './sso-helpers.ts';

const PUBLIC_URL = 'http://localhost:8080';
let ctx: TestContext;
let idp: SamlIdp;
let alice: Account;
let bob: Account;
let acsUrl: string;
let spEntityId: string;

type Headers = { authorization: string };
const config = (auth: Headers, method: 'GET' | 'PUT', payload?: object) =>
  ctx.app.inject({
    method,
    url: '/api/organization/sso',
    headers: auth,
    ...(payload ? { payload } : {}),
  });

const samlConfig = (metadata: string | null = idp.metadata) => ({
  protocol: 'saml',
  enabled: true,
  domains: ['saml-corp.test'],
  default_role: 'viewer',
  groups_claim: 'groups',
  role_mappings: [
    { group: 'analysts', role: 'security_analyst' },
    { group: 'netguard-admins', role: 'admin' },
  ],
  require_sso: false,
  break_glass_user_id: null,
  saml: metadata ? { idp_metadata_xml: metadata } : {},
});

const acs = (fields: { SAMLResponse: string; RelayState: string }, organizationId?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/sso/saml/${organizationId ?? alice.organizationId}/acs`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

/** "Sign in with SSO": the AuthnRequest the IdP receives. */
async function start(email: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/sso/start', payload: { email } });
  expect(res.statusCode, res.body).toBe(200);
  const url: string = res.json().redirect_url;
  return { url, request: idp.readRequest(url) };
}

/** A response for the started request, built (and possibly spoiled) by the test. */
async function respond(email: string, options: Partial<SamlResponseOptions>) {
  const { request } = await start(email);
  const xml = idp.response({
    user: { email, groups: [] },
    inResponseTo: request.id,
    acsUrl: request.acsUrl,
    audience: spEntityId,
    ...options,
  });
  return { xml, relayState: request.relayState };
}
const post = (xml: string, relayState: string) =>
  acs({ SAMLResponse: Buffer.from(xml).toString('base64'), RelayState: relayState });

/** The full browser round trip through the IdP's SSO URL; the session after the callback. */
async function signInThroughIdp(email: string, groups: string[]) {
  idp.state.nextUser = { email, groups };
  const { url } = await start(email);
  const html = await (await fetch(url)).text();
  const field = (name: string) =>
    new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
  const res = await acs({
    SAMLResponse: field('SAMLResponse'),
    RelayState: field('RelayState').replace(/&amp;/g, '&'),
  });
  expect(res.statusCode, res.body).toBe(303);
  expect(res.headers.location).toBe('/auth?sso=done');
  const session = await refresh(
    ctx,
    cookieValue(res, REFRESH_COOKIE_NAME) ?? '',
    cookieValue(res, CSRF_COOKIE_NAME) ?? '',
  );
  expect(session.statusCode).toBe(200);
  return session.json();
}

/**
 * The organization's newest security event other than a permission check's: those are written
 * after their response is sent, so one of an earlier request may land after the event awaited.
 */
async function latestEvent() {
  const [event] = await ctx.db
    .select()
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.organizationId, alice.organizationId),
        sql`not (${securityEvents.metadata} ? 'granted')`,
      ),
    )
    .orderBy(desc(securityEvents.seq))
    .limit(1);
  return event;
}

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL });
  idp = await startSamlIdp(testResources().host(1));
  alice = await createAccount(ctx, 'alice-saml@example.com');
  bob = await createAccount(ctx, 'bob-saml@example.com');
  await subscribe(ctx, alice);
  acsUrl = `${PUBLIC_URL}/api/sso/saml/${alice.organizationId}/acs`;
  spEntityId = `${PUBLIC_URL}/api/sso/saml/${alice.organizationId}/metadata`;
});
afterAll(async () => {
  await idp?.close();
  await ctx?.close();
});

describe('SAML configuration', () => {
  it('refuses metadata that is not usable, with the reason', async () => {
    const broken = await config(alice.auth, 'PUT', samlConfig('<not xml'));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toMatch(/metadata is not usable/);
    const noCert = idp.metadata.replace(/<md:KeyDescriptor[\s\S]*?<\/md:KeyDescriptor>/, '');
    const res = await config(alice.auth, 'PUT', samlConfig(noCert));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/no signing certificate/);
    expect((await config(alice.auth, 'PUT', samlConfig(null))).statusCode).toBe(400);
  });

  it('parses the IdP entity id, SSO URL and signing certificate from uploaded metadata', async () => {
    const res = await config(alice.auth, 'PUT', samlConfig());
    expect(res.statusCode, res.body).toBe(200);
    const { sso } = res.json();
    expect(sso.saml).toMatchObject({ idp_entity_id: idp.entityId, idp_sso_url: idp.ssoUrl });
    expect(sso.saml.idp_certificate_sha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(sso.service_provider).toMatchObject({
      saml_acs_url: acsUrl,
      saml_entity_id: spEntityId,
    });
    expect(await latestEvent()).toMatchObject({
      eventType: 'privilege_escalation',
      severity: 'medium',
    });
    // Sign-in is what these tests are about: the domain counts as proved (sso-domains.test.ts).
    await markDomainsVerified(ctx.db, alice.organizationId, ['saml-corp.test']);
  });

  it('serves the SP metadata for download; none for an organization without SAML', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/sso/saml/${alice.organizationId}/metadata`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/samlmetadata\+xml/);
    expect(res.body).toContain(`entityID="${spEntityId}"`);
    expect(res.body).toContain(`Location="${acsUrl}"`);
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/sso/saml/${bob.organizationId}/metadata`,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('SAML sign-in', () => {
  it('signs in just in time with the mapped role, and re-applies the mapping next time', async () => {
    const first = await signInThroughIdp('sam@saml-corp.test', ['analysts']);
    expect(first.user).toMatchObject({
      email: 'sam@saml-corp.test',
      organization_id: alice.organizationId,
      role: 'security_analyst',
    });
    expect((await latestEvent())?.metadata).toMatchObject({
      outcome: 'success',
      protocol: 'saml',
      jit: true,
    });
    const viewer = await signInThroughIdp('sam@saml-corp.test', []);
    expect(viewer.user.role).toBe('viewer');
    // A viewer cannot read the configuration; another organization's admin sees none of it.
    const asViewer = { authorization: `Bearer ${viewer.access_token}` };
    expect((await config(asViewer, 'GET')).statusCode).toBe(403);
    expect((await config(bob.auth, 'GET')).json().sso).toBeNull();
    expect((await signInThroughIdp('sam@saml-corp.test', ['netguard-admins'])).user.role).toBe(
      'admin',
    );
  });

  it('refuses a tampered assertion (signature)', async () => {
    const { xml, relayState } = await respond('sam@saml-corp.test', {});
    const res = await post(xml.replaceAll('sam@saml-corp.test', 'boss@saml-corp.test'), relayState);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.details).toEqual({ reason: 'invalid_signature' });
    expect(await latestEvent()).toMatchObject({
      eventType: 'security_violation',
      severity: 'medium',
    });
  });

  it('refuses unsigned assertions and assertions signed by another key', async () => {
    const unsigned = await respond('sam@saml-corp.test', { sign: false });
    const res = await post(unsigned.xml, unsigned.relayState);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.details).toEqual({ reason: 'invalid_signature' });
    const forged = await respond('sam@saml-corp.test', { key: makeSigningCert().key });
    const other = await post(forged.xml, forged.relayState);
    expect(other.statusCode).toBe(401);
    expect(other.json().error.details).toEqual({ reason: 'invalid_signature' });
  });

  it('refuses an expired assertion', async () => {
    const { xml, relayState } = await respond('sam@saml-corp.test', { validForMinutes: -10 });
    const res = await post(xml, relayState);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual({ reason: 'expired' });
    expect((await latestEvent())?.metadata).toMatchObject({ reason: 'expired' });
  });

  it('refuses an assertion for another audience', async () => {
    const { xml, relayState } = await respond('sam@saml-corp.test', {
      audience: 'https://other-sp.example/metadata',
    });
    const res = await post(xml, relayState);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.details).toEqual({ reason: 'wrong_audience' });
  });

  it('refuses a replayed response', async () => {
    const { xml, relayState } = await respond('sam@saml-corp.test', {});
    expect((await post(xml, relayState)).statusCode).toBe(303);
    const again = await post(xml, relayState);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.details).toEqual({ reason: 'replayed' });
  });

  it('refuses a response to another request, an unknown RelayState, or another organization', async () => {
    const { xml, relayState } = await respond('sam@saml-corp.test', {
      inResponseTo: '_someone_else',
    });
    const res = await post(xml, relayState);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual({ reason: 'invalid_state' });
    const fresh = await respond('sam@saml-corp.test', {});
    const unknown = await post(fresh.xml, '00000000-0000-4000-8000-000000000000');
    expect(unknown.json().error.details).toEqual({ reason: 'invalid_state' });
    const elsewhere = await acs(
      { SAMLResponse: Buffer.from(fresh.xml).toString('base64'), RelayState: fresh.relayState },
      bob.organizationId,
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.details).toEqual({ reason: 'invalid_state' });
  });
});
