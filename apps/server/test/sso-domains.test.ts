import dgram from 'node:dgram';
import {
  CSRF_COOKIE_NAME,
  REFRESH_COOKIE_NAME,
  SSO_LIMITS,
  SSO_TEXT,
  ssoDomainRecordName,
  type TSsoDomainClaim,
} from '@netguard/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { securityEvents, ssoDomains, users } from '../src/db/schema.ts';
import { createDomainChecker } from '../src/modules/sso/sso.dns.ts';
import { recheckSsoDomains } from '../src/modules/sso/sso.domains.ts';
import { netguard } from './cli-run.ts';
import {
  type Account,
  cookieValue,
  createAccount,
  createTestApp,
  refresh,
  type TestContext,
} from './helpers.ts';
import { subscribe } from './seed.ts';
import { type DnsServer, startDnsServer } from './sso-dns.ts';
import {
  createBrowser,
  type OidcIdp,
  type SamlIdp,
  startOidcIdp,
  startSamlIdp,
} from './sso-helpers.ts';

const PUBLIC_URL = 'http://localhost:8080';
/** The real owner's domain, and the squatter's own. */
const OWNED = 'a-corp.test';
const SQUATTER = 'mallory-corp.test';
const DNS_PORT = 5353;

let ctx: TestContext;
let dns: DnsServer;
let oidc: OidcIdp;
let saml: SamlIdp;
/** Alice's organization holds OWNED; Mallory's tries to take it. */
let alice: Account;
let mallory: Account;
/** A third organization, with a domain of its own. */
let dave: Account;
/** The TXT records the DNS server answers (name → values). */
const records: Record<string, string[]> = {};

type Headers = { authorization: string };
const message = (res: { json: () => { error: { message: string } } }) => res.json().error.message;
const putConfig = (auth: Headers, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: '/api/organization/sso', headers: auth, payload });
const getConfig = (auth: Headers) =>
  ctx.app.inject({ method: 'GET', url: '/api/organization/sso', headers: auth });
const verify = (auth: Headers, domain: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/organization/sso/domains/${domain}/verify`,
    headers: auth,
  });
const start = (email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/sso/start', payload: { email } });

const oidcConfig = (domains: string[]) => ({
  protocol: 'oidc',
  enabled: true,
  domains,
  default_role: 'viewer',
  groups_claim: 'groups',
  role_mappings: [],
  require_sso: false,
  break_glass_user_id: null,
  oidc: { issuer: oidc.issuer, client_id: oidc.clientId, client_secret: oidc.clientSecret },
});
const samlConfig = (domains: string[]) => ({
  protocol: 'saml',
  enabled: true,
  domains,
  default_role: 'admin',
  groups_claim: 'groups',
  role_mappings: [],
  require_sso: false,
  break_glass_user_id: null,
  saml: { idp_metadata_xml: saml.metadata },
});

async function claimOf(auth: Headers, domain: string): Promise<TSsoDomainClaim> {
  const res = await getConfig(auth);
  expect(res.statusCode, res.body).toBe(200);
  const claim = res.json().sso?.domain_claims.find((c: TSsoDomainClaim) => c.domain === domain);
  if (!claim) throw new Error(`${domain} is not claimed`);
  return claim;
}

/** Publishes the claim's record (on top of whatever else is published for that name). */
async function publish(claim: TSsoDomainClaim) {
  records[claim.record_name] = [...(records[claim.record_name] ?? []), claim.record_value];
  await dns.restart(records);
}

async function latestEvent(organizationId: string) {
  const [event] = await ctx.db
    .select()
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.organizationId, organizationId),
        sql`not (${securityEvents.metadata} ? 'granted')`,
      ),
    )
    .orderBy(desc(securityEvents.seq))
    .limit(1);
  return event;
}

const userExists = async (email: string) =>
  (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length > 0;

beforeAll(async () => {
  const resources = testResources();
  dns = await startDnsServer({
    host: resources.host(2),
    port: DNS_PORT,
    zones: ['test'],
    records,
  });
  ctx = await createTestApp({
    PUBLIC_URL,
    NETGUARD_OFFLINE: '1',
    SSO_DNS_RESOLVERS: dns.address,
  });
  oidc = await startOidcIdp(`${PUBLIC_URL}/api/sso/oidc/callback`, resources.host(1));
  saml = await startSamlIdp(resources.host(1));
  alice = await createAccount(ctx, 'alice-domains@example.com');
  mallory = await createAccount(ctx, 'mallory-domains@example.com');
  await subscribe(ctx, alice);
  await subscribe(ctx, mallory);
  oidc.users.set('victor', { email: `victor@${OWNED}`, groups: [] });
});
afterAll(async () => {
  await oidc?.close();
  await saml?.close();
  await ctx?.close();
  await dns?.stop();
});

describe('a claim before it is proved', () => {
  it('routes nothing and creates no account: the squatting sequence stops at the claim', async () => {
    // Mallory names Alice's domain (and her own) with an identity provider she controls.
    const claimed = await putConfig(mallory.auth, samlConfig([OWNED, SQUATTER]));
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().sso.domain_claims).toMatchObject([
      { domain: OWNED, status: 'unverified' },
      { domain: SQUATTER, status: 'unverified' },
    ]);
    // "Use SSO" for the domain: as for a domain nobody claimed.
    const routed = await start(`victor@${OWNED}`);
    expect(routed.statusCode).toBe(404);
    expect(message(routed)).toBe(SSO_TEXT.noProviderForDomain(OWNED));

    // With her own domain proved, a response her IdP signs for an address of the unproved
    // domain is refused: no account is made.
    await publish(await claimOf(mallory.auth, SQUATTER));
    expect((await verify(mallory.auth, SQUATTER)).json().domain.status).toBe('verified');
    const started = await start(`eve@${SQUATTER}`);
    expect(started.statusCode, started.body).toBe(200);
    const request = saml.readRequest(started.json().redirect_url);
    const forged = saml.response({
      user: { email: `victor@${OWNED}`, groups: [] },
      inResponseTo: request.id,
      acsUrl: request.acsUrl,
      audience: request.issuer,
    });
    const acs = await ctx.app.inject({
      method: 'POST',
      url: `/api/sso/saml/${mallory.organizationId}/acs`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        SAMLResponse: Buffer.from(forged).toString('base64'),
        RelayState: request.relayState,
      }).toString(),
    });
    expect(acs.statusCode, acs.body).toBe(403);
    expect(acs.json().error.details).toEqual({ reason: 'domain_not_allowed' });
    expect(await userExists(`victor@${OWNED}`)).toBe(false);
  });

  it("does not block the real owner: an unverified claim is no one's", async () => {
    const res = await putConfig(alice.auth, oidcConfig([OWNED]));
    expect(res.statusCode, res.body).toBe(200);
    const [claim] = res.json().sso.domain_claims;
    expect(claim).toMatchObject({
      domain: OWNED,
      status: 'unverified',
      record_name: `_netguard-challenge.${OWNED}`,
      verified_at: null,
      last_checked_at: null,
    });
    expect(claim.record_value).toMatch(/^netguard-domain-verification=[\w-]{40,}$/);
    // Each organization has its own token for the domain.
    expect(claim.record_value).not.toBe((await claimOf(mallory.auth, OWNED)).record_value);
  });
});

describe('Verify', () => {
  it('tells a missing record and a record that does not match, in words', async () => {
    const name = ssoDomainRecordName(OWNED);
    const missing = await verify(alice.auth, OWNED);
    expect(missing.statusCode, missing.body).toBe(200);
    expect(missing.json()).toMatchObject({
      domain: { status: 'unverified', last_error: SSO_TEXT.dnsRecordMissing(name) },
      message: SSO_TEXT.domainCheckFailed(OWNED, SSO_TEXT.dnsRecordMissing(name)),
    });
    records[name] = ['netguard-domain-verification=someone-elses-token'];
    await dns.restart(records);
    const wrong = await verify(alice.auth, OWNED);
    expect(wrong.json().domain).toMatchObject({
      status: 'unverified',
      last_error: SSO_TEXT.dnsRecordMismatch(name),
    });
    expect(wrong.json().domain.last_checked_at).not.toBeNull();
    expect((await start(`victor@${OWNED}`)).statusCode).toBe(404);
  });

  it('verifies a domain whose record the DNS server answers; sign-ins then route to its provider', async () => {
    await publish(await claimOf(alice.auth, OWNED));
    const res = await verify(alice.auth, OWNED);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      domain: { status: 'verified', last_error: null },
      message: SSO_TEXT.domainVerified(OWNED),
    });
    expect(res.json().domain.verified_at).not.toBeNull();
    expect(await latestEvent(alice.organizationId)).toMatchObject({
      eventType: 'privilege_escalation',
      description: `SSO domain verified: ${OWNED}`,
    });

    // The whole OIDC round trip: a new person joins Alice's organization just in time.
    const started = await start(`victor@${OWNED}`);
    expect(started.statusCode, started.body).toBe(200);
    expect(new URL(started.json().redirect_url).origin).toBe(oidc.issuer);
    oidc.state.nextLogin = 'victor';
    const landed = new URL(await createBrowser().walk(started.json().redirect_url, PUBLIC_URL));
    const callback = await ctx.app.inject({
      method: 'GET',
      url: `${landed.pathname}${landed.search}`,
      cookies: { netguard_sso: cookieValue(started, 'netguard_sso') ?? '' },
    });
    expect(callback.statusCode, callback.body).toBe(303);
    const session = await refresh(
      ctx,
      cookieValue(callback, REFRESH_COOKIE_NAME) ?? '',
      cookieValue(callback, CSRF_COOKIE_NAME) ?? '',
    );
    expect(session.json().user).toMatchObject({
      email: `victor@${OWNED}`,
      organization_id: alice.organizationId,
    });
  });

  it('refuses a domain another organization verified: at the claim and at Verify (409)', async () => {
    // Mallory's unverified claim stays inert; even with her record published she cannot verify.
    await publish(await claimOf(mallory.auth, OWNED));
    const stolen = await verify(mallory.auth, OWNED);
    expect(stolen.statusCode, stolen.body).toBe(409);
    expect(message(stolen)).toBe(SSO_TEXT.domainTaken(OWNED));
    const again = await putConfig(mallory.auth, samlConfig([OWNED, SQUATTER]));
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe(SSO_TEXT.domainTaken(OWNED));
    // A new organization cannot claim it either.
    const carol = await createAccount(ctx, 'carol-domains@example.com');
    await subscribe(ctx, carol);
    const fresh = await putConfig(carol.auth, oidcConfig([OWNED]));
    expect(fresh.statusCode).toBe(409);
    // Sign-ins still go to Alice's provider.
    expect(new URL((await start(`x@${OWNED}`)).json().redirect_url).origin).toBe(oidc.issuer);
  });

  it("keeps each organization's claims to itself", async () => {
    const aliceClaim = await claimOf(alice.auth, OWNED);
    const seen = await getConfig(mallory.auth);
    expect(seen.json().sso.domains).toEqual([OWNED, SQUATTER]);
    expect(seen.body).not.toContain(aliceClaim.record_value);
    // An organization without a claim of the domain has nothing to check (Alice's is not its).
    dave = await createAccount(ctx, 'dave-domains@example.com');
    await subscribe(ctx, dave);
    expect((await putConfig(dave.auth, oidcConfig(['d-corp.test']))).statusCode).toBe(200);
    const notHis = await verify(dave.auth, OWNED);
    expect(notHis.statusCode).toBe(404);
    expect(message(notHis)).toBe(SSO_TEXT.domainNotClaimed(OWNED));
    expect(notHis.body).not.toContain(aliceClaim.record_value);
    // Nor does an organization whose plan lacks SSO.
    const free = await createAccount(ctx, 'free-domains@example.com');
    const refused = await verify(free.auth, OWNED);
    expect(refused.statusCode).toBe(402);
    expect(message(refused)).toBe(SSO_TEXT.planRequired);
  });
});

describe('lookups that get no answer', () => {
  const silent = dgram.createSocket('udp4');
  afterAll(() => new Promise<void>((resolve) => silent.close(() => resolve())));

  it('says the lookup timed out, or that the server refused, never the raw error', async () => {
    const host = testResources().host(3);
    await new Promise<void>((resolve) => silent.bind(0, host, resolve));
    const quiet = createDomainChecker({
      resolvers: [`${host}:${silent.address().port}`],
      offline: true,
      recheckHours: 24,
    });
    expect(await quiet.check(OWNED, 'x')).toEqual({
      ok: false,
      kind: 'lookup',
      message: SSO_TEXT.dnsTimeout,
    });
    // dnsmasq asks no upstream: a name outside its zones is REFUSED.
    const local = createDomainChecker({ resolvers: [dns.address], offline: true, recheckHours: 1 });
    expect(await local.check('example.org', 'x')).toEqual({
      ok: false,
      kind: 'lookup',
      message: SSO_TEXT.dnsFailed('REFUSED'),
    });
  });

  it('makes no lookup on an offline deployment without resolvers', async () => {
    const off = createDomainChecker({ offline: true, recheckHours: 24 });
    expect(off.enabled).toBe(false);
    expect(await off.check(OWNED, 'x')).toEqual({
      ok: false,
      kind: 'lookup',
      message: SSO_TEXT.dnsOffline,
    });
  });
});

describe('the periodic re-check', () => {
  const HOUR = 3_600_000;
  const checker = () =>
    createDomainChecker({ resolvers: [dns.address], offline: true, recheckHours: 24 });
  const aliceRow = async () => {
    const [row] = await ctx.db
      .select()
      .from(ssoDomains)
      .where(
        and(eq(ssoDomains.organizationId, alice.organizationId), eq(ssoDomains.domain, OWNED)),
      );
    return row;
  };

  it('leaves domains checked within the interval alone', async () => {
    const result = await recheckSsoDomains(ctx.db, checker(), { recheckHours: 24 });
    expect(result.checked).toBe(0);
  });

  it(`un-verifies a domain whose record is gone at ${SSO_LIMITS.recheckMisses} checks in a row; a failed lookup does not count`, async () => {
    // Alice takes her record down; Mallory's (published for her inert claim) stays.
    const gone = (await claimOf(alice.auth, OWNED)).record_value;
    const name = ssoDomainRecordName(OWNED);
    records[name] = (records[name] ?? []).filter((value) => value !== gone);
    await dns.restart(records);
    const first = await recheckSsoDomains(ctx.db, checker(), {
      recheckHours: 24,
      now: new Date(Date.now() + 25 * HOUR),
    });
    // Both verified domains were due: Mallory's record is still there.
    expect(first).toEqual({ checked: 2, unverified: [] });
    expect(await aliceRow()).toMatchObject({ status: 'verified', misses: 1 });
    expect((await aliceRow())?.lastError).toBe(SSO_TEXT.dnsRecordMismatch(name));

    // A resolver that refuses the connection: noted, not counted.
    const closed = createDomainChecker({
      resolvers: [`${testResources().host(4)}:${DNS_PORT}`],
      offline: true,
      recheckHours: 24,
    });
    await recheckSsoDomains(ctx.db, closed, {
      recheckHours: 24,
      now: new Date(Date.now() + 50 * HOUR),
    });
    expect(await aliceRow()).toMatchObject({
      status: 'verified',
      misses: 1,
      lastError: SSO_TEXT.dnsFailed('connection refused'),
    });
    expect((await start(`victor@${OWNED}`)).statusCode).toBe(200);

    const second = await recheckSsoDomains(ctx.db, checker(), {
      recheckHours: 24,
      now: new Date(Date.now() + 75 * HOUR),
    });
    expect(second.unverified).toEqual([OWNED]);
    expect(await aliceRow()).toMatchObject({ status: 'unverified', verifiedAt: null });
    expect(await latestEvent(alice.organizationId)).toMatchObject({
      eventType: 'privilege_escalation',
      severity: 'high',
    });
    expect((await start(`victor@${OWNED}`)).statusCode).toBe(404);
    // Mallory's domain, whose record stayed, is still verified.
    expect((await claimOf(mallory.auth, SQUATTER)).status).toBe('verified');
  });
});

describe('a deployment operator', () => {
  // Three CLI runs, each a process that opens the database and checks its migrations.
  it('releases a verified domain so that another organization may verify it', {
    timeout: 120_000,
  }, async () => {
    await publish(await claimOf(alice.auth, OWNED));
    expect((await verify(alice.auth, OWNED)).json().domain.status).toBe('verified');

    const released = await netguard(ctx, ['sso', 'release-domain', OWNED]);
    expect(released.code, released.stderr).toBe(0);
    expect(released.stdout).toContain(SSO_TEXT.domainReleased(OWNED));
    expect(released.stdout).toContain(alice.organizationId);
    expect(await latestEvent(alice.organizationId)).toMatchObject({
      description: `SSO domain released by a deployment operator: ${OWNED}`,
      severity: 'high',
    });
    expect((await getConfig(alice.auth)).json().sso.domains).toEqual([]);
    expect((await start(`victor@${OWNED}`)).statusCode).toBe(404);

    // Mallory's record is still published: now her claim can be verified.
    expect((await verify(mallory.auth, OWNED)).json().domain.status).toBe('verified');
    expect(new URL((await start(`x@${OWNED}`)).json().redirect_url).origin).toBe(
      new URL(saml.ssoUrl).origin,
    );

    const none = await netguard(ctx, ['sso', 'release-domain', 'nobody.test']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('No organization holds nobody.test verified');
    expect((await netguard(ctx, ['sso', 'release-domain', 'not a domain'])).code).toBe(2);
  });
});

describe('the Verify route', () => {
  it('refuses a bad domain with 400 and more than the budget of checks a minute with 429', async () => {
    const bad = await verify(alice.auth, 'not a domain');
    expect(bad.statusCode).toBe(400);
    let last = 0;
    // Earlier checks of this minute count too.
    for (let i = 0; i < SSO_LIMITS.domainChecksPerMinute + 1; i += 1)
      last = (await verify(mallory.auth, SQUATTER)).statusCode;
    expect(last).toBe(429);
    // The budget is Mallory's organization's, not another's.
    expect((await verify(dave.auth, 'd-corp.test')).statusCode).toBe(200);
  });
});
