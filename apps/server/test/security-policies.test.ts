import {
  AUTH_MESSAGES,
  DEFAULT_SECURITY_POLICY,
  PERMISSION_DENIED,
  SECURITY_CENTER_TEXT as T,
  type TSecurityPolicyBody,
} from '@netguard/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, securityEvents, securityPolicies } from '../src/db/schema.ts';
import {
  type Account,
  createAccount,
  createTestApp,
  mailedToken,
  PASSWORD,
  refresh,
  signIn,
  type TestContext,
} from './helpers.ts';
import { enableTotp } from './mfa-helpers.ts';
import { call, type Headers, joinAs, message } from './security-center-helpers.ts';

let ctx: TestContext;
let admin: Account;
let analyst: Account;
let analystHere: Headers;
let auditor: Headers;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, 'admin-pol@example.com', 'Enterprise');
  analyst = await createAccount(ctx, 'analyst-pol@example.com', 'Enterprise');
  const audit = await createAccount(ctx, 'auditor-pol@example.com', 'Enterprise');
  analystHere = await joinAs(ctx, admin, analyst, 'security_analyst');
  auditor = await joinAs(ctx, admin, audit, 'auditor');
}, 60_000);
afterAll(() => ctx?.close());

const policy = (patch: Partial<TSecurityPolicyBody> = {}): TSecurityPolicyBody => ({
  ...DEFAULT_SECURITY_POLICY,
  ...patch,
});
const passwordRule = (patch: Partial<TSecurityPolicyBody['password']>) =>
  policy({ password: { ...DEFAULT_SECURITY_POLICY.password, ...patch } });
const setPolicy = (body: TSecurityPolicyBody, auth: Headers = admin.auth) =>
  call(ctx, auth, 'PUT', '/api/security/policies', body);
const changePassword = (auth: Headers, current: string, next: string) =>
  call(ctx, auth, 'POST', '/api/account/password', {
    current_password: current,
    new_password: next,
  });

describe('managing policies', () => {
  it('starts at the defaults, nothing enforced beyond them', async () => {
    const res = await call(ctx, auditor, 'GET', '/api/security/policies');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ...DEFAULT_SECURITY_POLICY,
      enforced: { password: false, session: false, mfa: false, data_access: false },
    });
  });

  it('needs organization update (admins) and writes a security event', async () => {
    const denied = await setPolicy(policy(), auditor);
    expect(denied.statusCode).toBe(403);
    expect(message(denied)).toBe(PERMISSION_DENIED.organization);
    const tooShort = await setPolicy(passwordRule({ min_length: 6, history: 0 }));
    expect(tooShort.statusCode).toBe(400);

    const saved = await setPolicy(passwordRule({ min_length: 12, history: 0 }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().enforced.password).toBe(true);
    const events = await ctx.db
      .select()
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.organizationId, admin.organizationId),
          eq(securityEvents.description, 'Security policies changed'),
        ),
      );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ eventType: 'privilege_escalation', severity: 'medium' });
  });
});

describe('password policy', () => {
  it('refuses a password shorter than the minimum at change and at reset', async () => {
    await setPolicy(passwordRule({ min_length: 12, history: 0 }));
    const short = await changePassword(analystHere, PASSWORD, 'Sh0rt!pass');
    expect(short.statusCode).toBe(400);
    expect(message(short)).toBe(T.passwordTooShort(12));
    // The analyst's own organization has no policy, but the strictest of theirs applies at reset.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: analyst.email },
    });
    const token = await mailedToken(ctx, analyst.email, 'reset');
    const reset = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { token, password },
      });
    const refused = await reset('Sh0rt!pass');
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toBe(T.passwordTooShort(12));
    // The refused attempt did not use up the link.
    expect((await reset('L0nger!password')).statusCode).toBe(200);
    expect((await signIn(ctx, analyst.email, 'L0nger!password')).statusCode).toBe(200);
  });

  it('refuses reuse of the last N passwords, and allows it when the rule is off', async () => {
    const user = await createAccount(ctx, 'reuse-pol@example.com', 'Enterprise');
    await setPolicy(passwordRule({ min_length: 8, history: 0 }));
    const here = await joinAs(ctx, admin, user, 'viewer');
    // Off: the same password again is accepted.
    expect((await changePassword(here, PASSWORD, PASSWORD)).statusCode).toBe(200);

    await setPolicy(passwordRule({ min_length: 8, history: 3 }));
    const same = await changePassword(here, PASSWORD, PASSWORD);
    expect(same.statusCode).toBe(400);
    expect(message(same)).toBe(T.passwordReused(3));
    expect((await changePassword(here, PASSWORD, 'Sec0nd!pass')).statusCode).toBe(200);
    expect((await changePassword(here, 'Sec0nd!pass', 'Th1rd!pass')).statusCode).toBe(200);
    const back = await changePassword(here, 'Th1rd!pass', PASSWORD);
    expect(back.statusCode).toBe(400);
    expect(message(back)).toBe(T.passwordReused(3));
    expect((await changePassword(here, 'Th1rd!pass', 'Fourth!pass1')).statusCode).toBe(200);
    // PASSWORD is now the 4th last: allowed again.
    expect((await changePassword(here, 'Fourth!pass1', PASSWORD)).statusCode).toBe(200);
  });

  it('requires the policy’s character classes: all four by default, fewer when the organization asks fewer', async () => {
    const user = await createAccount(ctx, 'classes-pol@example.com', 'Enterprise');
    const here = await joinAs(ctx, admin, user, 'viewer');
    const noSymbol = 'N0SymbolPassword';
    expect(DEFAULT_SECURITY_POLICY.password.classes).toBe(4);
    // The default: refused as before, with the same message.
    const byDefault = await changePassword(here, PASSWORD, noSymbol);
    expect(byDefault.statusCode).toBe(400);
    expect(message(byDefault)).toBe(
      'Password must contain uppercase, lowercase, number, and special character',
    );
    await setPolicy(passwordRule({ classes: 4 }));
    expect(message(await changePassword(here, PASSWORD, noSymbol))).toBe(T.passwordClasses(4));

    await setPolicy(passwordRule({ classes: 3 }));
    expect((await call(ctx, admin.auth, 'GET', '/api/security/policies')).json().password).toEqual({
      ...DEFAULT_SECURITY_POLICY.password,
      classes: 3,
    });
    // A team cannot loosen the one password its members also use elsewhere: the person's own
    // organization still asks all four (its defaults), even for a change made in the team.
    const loosened = await changePassword(here, PASSWORD, noSymbol);
    expect(loosened.statusCode).toBe(400);
    expect(message(loosened)).toBe(T.passwordClasses(4));
    // Once every organization of theirs asks three, three are enough.
    await ctx.db
      .insert(securityPolicies)
      .values({ organizationId: user.organizationId, passwordClasses: 3 });
    const relaxed = await changePassword(here, PASSWORD, noSymbol);
    expect(relaxed.statusCode, relaxed.body).toBe(200);
    // The person's other organization's rules count in the team too, though row-level security
    // hides that organization's policy from a request made in the team.
    await ctx.db
      .update(securityPolicies)
      .set({ passwordMinLength: 20 })
      .where(eq(securityPolicies.organizationId, user.organizationId));
    expect(message(await changePassword(here, noSymbol, 'Sixteen-chars-1x'))).toBe(
      T.passwordTooShort(20),
    );
    await ctx.db
      .update(securityPolicies)
      .set({ passwordMinLength: 8 })
      .where(eq(securityPolicies.organizationId, user.organizationId));
    // Two classes are not enough for three.
    const twoClasses = await changePassword(here, noSymbol, 'onlylower1234');
    expect(twoClasses.statusCode).toBe(400);
    expect(message(twoClasses)).toBe(T.passwordClasses(3));
    expect(message(twoClasses)).toBe(
      "Password must contain at least 3 of: uppercase, lowercase, number, special character (your organization's password policy)",
    );
    const outOfRange = await setPolicy(passwordRule({ classes: 5 }));
    expect(outOfRange.statusCode).toBe(400);
    expect(message(outOfRange)).toContain('Required character classes must be 1 to 4');
    await setPolicy(policy());
  });
});

describe('session policy', () => {
  /** A new account whose session has moved into the admin's organization. */
  async function sessionInOrg(email: string) {
    const user = await createAccount(ctx, email, 'Enterprise');
    await joinAs(ctx, admin, user, 'viewer');
    return user;
  }
  /** Makes every refresh token of the user's sessions `minutes` old. */
  const backdate = (user: Account, minutes: number) =>
    ctx.db
      .update(refreshTokens)
      .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(refreshTokens.userId, user.userId));

  it('refuses a refresh after the idle timeout with "Session expired"', async () => {
    await setPolicy(policy());
    const user = await sessionInOrg('idle-pol@example.com');
    await backdate(user, 30);
    // No idle timeout: a 30-minute-old token still refreshes.
    const fine = await refresh(ctx, user.refresh, user.csrf);
    expect(fine.statusCode).toBe(200);

    const other = await sessionInOrg('idle2-pol@example.com');
    await setPolicy(
      policy({ session: { idle_timeout_minutes: 15, absolute_lifetime_hours: null } }),
    );
    await backdate(other, 30);
    const refused = await refresh(ctx, other.refresh, other.csrf);
    expect(refused.statusCode).toBe(401);
    expect(message(refused)).toBe(AUTH_MESSAGES.sessionExpired);
    expect(AUTH_MESSAGES.sessionExpired).toBe('Session expired');
    // The session is over for good.
    expect((await refresh(ctx, other.refresh, other.csrf)).statusCode).toBe(401);
  });

  it('refuses a refresh past the absolute lifetime even when active', async () => {
    await setPolicy(
      policy({ session: { idle_timeout_minutes: null, absolute_lifetime_hours: 1 } }),
    );
    const user = await sessionInOrg('life-pol@example.com');
    await backdate(user, 5);
    expect((await refresh(ctx, user.refresh, user.csrf)).statusCode).toBe(200);
    const again = await sessionInOrg('life2-pol@example.com');
    await backdate(again, 2 * 60);
    const refused = await refresh(ctx, again.refresh, again.csrf);
    expect(refused.statusCode).toBe(401);
    expect(message(refused)).toBe('Session expired');
    await setPolicy(policy());
  });
});

describe('MFA required for a role', () => {
  it('blocks the role without MFA outside MFA setup until MFA is on', async () => {
    const member = await createAccount(ctx, 'mfa-pol@example.com', 'Enterprise');
    const memberHere = await joinAs(ctx, admin, member, 'security_analyst');
    expect((await call(ctx, memberHere, 'GET', '/api/scans')).statusCode).toBe(200);
    await setPolicy(policy({ mfa_required_roles: ['security_analyst'] }));
    const blocked = await call(ctx, memberHere, 'GET', '/api/scans');
    expect(blocked.statusCode).toBe(403);
    expect(message(blocked)).toBe(T.mfaRequired('Security Analyst'));
    // Profile and MFA setup still answer; other roles are not affected.
    expect((await call(ctx, memberHere, 'GET', '/api/profile')).statusCode).toBe(200);
    expect((await call(ctx, memberHere, 'GET', '/api/mfa')).statusCode).toBe(200);
    expect((await call(ctx, auditor, 'GET', '/api/security/metrics')).statusCode).toBe(200);

    // MFA is a person's: turned on from the analyst's own (subscribed) organization.
    await enableTotp(ctx, member);
    expect((await call(ctx, memberHere, 'GET', '/api/scans')).statusCode).toBe(200);
    await setPolicy(policy());
  });
});

describe('data access policy', () => {
  it('answers API key requests with 403 and refuses new keys when keys are not allowed', async () => {
    const created = await call(ctx, admin.auth, 'POST', '/api/api-keys', { name: 'ci' });
    expect(created.statusCode).toBe(201);
    const key = { authorization: `Bearer ${created.json().key}` };
    // The create answers with reply.send() inside its request transaction, which may commit a
    // moment later (see the report): wait until the key works.
    await expect
      .poll(async () => (await call(ctx, key, 'GET', '/api/scans')).statusCode, { timeout: 3_000 })
      .toBe(200);

    const saved = await setPolicy(policy({ data_access: { api_keys_allowed: false } }));
    expect(saved.json().enforced.data_access).toBe(true);
    const refused = await call(ctx, key, 'GET', '/api/scans');
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe(T.apiKeysDisabled);
    const another = await call(ctx, admin.auth, 'POST', '/api/api-keys', { name: 'ci2' });
    expect(another.statusCode).toBe(403);
    expect(message(another)).toBe(T.apiKeysDisabled);

    await setPolicy(policy());
    expect((await call(ctx, key, 'GET', '/api/scans')).statusCode).toBe(200);
  });
});
