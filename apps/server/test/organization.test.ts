import { REFRESH_COOKIE_NAME, ORGANIZATION_TEXT as T, type TRole } from '@netguard/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationInvitations, organizations, users } from '../src/db/schema.ts';
import {
  type Account,
  cookieValue,
  createAccount,
  createTestApp,
  mailedToken,
  PASSWORD,
  refresh,
  type TestContext,
} from './helpers.ts';

let ctx: TestContext;
let alice: Account;
let bob: Account;
let carol: Account;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createAccount(ctx, 'alice-org@example.com');
  bob = await createAccount(ctx, 'bob-org@example.com');
  carol = await createAccount(ctx, 'carol-org@example.com');
});
afterAll(() => ctx?.close());

type Headers = { authorization: string };
const call = (
  auth: Headers,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
const invite = (auth: Headers, email: string, role: TRole) =>
  call(auth, 'POST', '/api/organization/invitations', { email, role });
const accept = (auth: Headers, token: string) =>
  call(auth, 'POST', '/api/invitations/accept', { token });
const bearer = (session: { access_token: string }) => ({
  authorization: `Bearer ${session.access_token}`,
});
const message = (res: { json: () => { error: { message: string } } }) => res.json().error.message;

/** Bob's session inside Alice's organization, once he has joined it. */
let bobInAlice: Headers;

describe('invitations', () => {
  it('mails a single-use link; the invitee joins with the role and the session moves there', async () => {
    const sent = await invite(alice.auth, 'Bob-Org@Example.com', 'security_analyst');
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      email: 'bob-org@example.com',
      role: 'security_analyst',
      invited_by: alice.email,
      expired: false,
    });
    expect((await invite(alice.auth, bob.email, 'viewer')).statusCode).toBe(409);

    const token = await mailedToken(ctx, bob.email, 'invite');
    const wrongPerson = await accept(carol.auth, token);
    expect(wrongPerson.statusCode).toBe(403);
    expect(message(wrongPerson)).toBe(T.invitationOtherEmail(bob.email));

    const joined = await accept(bob.auth, token);
    expect(joined.statusCode).toBe(200);
    expect(joined.json().user).toMatchObject({
      organization_id: alice.organizationId,
      role: 'security_analyst',
    });
    bobInAlice = bearer(joined.json());
    expect((await accept(bob.auth, token)).statusCode).toBe(400);

    // The analyst works in Alice's organization and cannot manage its members.
    expect((await call(bobInAlice, 'GET', '/api/scans')).statusCode).toBe(200);
    const members = await call(bobInAlice, 'GET', '/api/organization/members');
    expect(members.statusCode).toBe(403);
    const listed = await call(alice.auth, 'GET', '/api/organization/members');
    expect(
      listed.json().members.map((m: { email: string; role: string }) => [m.email, m.role]),
    ).toEqual([
      [alice.email, 'admin'],
      [bob.email, 'security_analyst'],
    ]);
    expect(listed.json().members[0]).toMatchObject({ mfa_enabled: false });
    expect(listed.json().members[0].last_sign_in_at).not.toBeNull();
    expect(listed.json().invitations).toEqual([]);
  });

  it('keeps the chosen organization across a refresh, and switches back to the personal one', async () => {
    const orgs = await call(bobInAlice, 'GET', '/api/organizations');
    expect(orgs.json().organizations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: bob.organizationId, personal: true, current: false }),
        expect.objectContaining({
          id: alice.organizationId,
          role: 'security_analyst',
          current: true,
        }),
      ]),
    );
    const renewed = await refresh(ctx, bob.refresh, bob.csrf);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().user.organization_id).toBe(alice.organizationId);
    bob.refresh = cookieValue(renewed, REFRESH_COOKIE_NAME) ?? bob.refresh;

    const notMine = await call(bob.auth, 'POST', '/api/organizations/switch', {
      organization_id: carol.organizationId,
    });
    expect(notMine.statusCode).toBe(404);
    expect(message(notMine)).toBe(T.notMember);
    const back = await call(bob.auth, 'POST', '/api/organizations/switch', {
      organization_id: bob.organizationId,
    });
    expect(back.json().user).toMatchObject({ organization_id: bob.organizationId, role: 'admin' });
    const there = await call(bob.auth, 'POST', '/api/organizations/switch', {
      organization_id: alice.organizationId,
    });
    bobInAlice = bearer(there.json());
  });

  it('revokes and resends: only the newest live link works', async () => {
    await invite(alice.auth, carol.email, 'auditor');
    const first = await mailedToken(ctx, carol.email, 'invite');
    const [pending] = await ctx.db
      .select({ id: organizationInvitations.id })
      .from(organizationInvitations)
      .where(eq(organizationInvitations.email, carol.email));
    const id = pending?.id ?? '';
    expect(
      (await call(alice.auth, 'POST', `/api/organization/invitations/${id}/resend`)).statusCode,
    ).toBe(204);
    const second = await mailedToken(ctx, carol.email, 'invite');
    expect(second).not.toBe(first);
    expect((await accept(carol.auth, first)).statusCode).toBe(400);
    // Another organization's admin cannot touch it.
    expect(
      (await call(carol.auth, 'DELETE', `/api/organization/invitations/${id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(alice.auth, 'DELETE', `/api/organization/invitations/${id}`)).statusCode,
    ).toBe(204);
    const revoked = await accept(carol.auth, second);
    expect(revoked.statusCode).toBe(400);
    expect(message(revoked)).toBe(T.invitationInvalid);
  });

  it('refuses an expired link', async () => {
    await invite(alice.auth, 'dave-org@example.com', 'viewer');
    await ctx.db
      .update(organizationInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(organizationInvitations.email, 'dave-org@example.com'));
    const dave = await createAccount(ctx, 'dave-org@example.com');
    const token = await mailedToken(ctx, dave.email, 'invite');
    expect((await accept(dave.auth, token)).statusCode).toBe(400);
    const listed = await call(alice.auth, 'GET', '/api/organization/members');
    expect(listed.json().invitations).toEqual([
      expect.objectContaining({ email: 'dave-org@example.com', expired: true }),
    ]);
  });
});

describe('members', () => {
  it('never demotes or removes the last admin', async () => {
    const demote = await call(alice.auth, 'PATCH', `/api/organization/members/${alice.userId}`, {
      role: 'viewer',
    });
    expect(demote.statusCode).toBe(409);
    expect(message(demote)).toBe(T.lastAdmin);
    const leave = await call(alice.auth, 'DELETE', `/api/organization/members/${alice.userId}`);
    expect(leave.statusCode).toBe(409);
    const bad = await call(alice.auth, 'PATCH', `/api/organization/members/${bob.userId}`, {
      role: 'root',
    });
    expect(bad.statusCode).toBe(400);
    // A user of another organization is not a member here.
    const stranger = await call(alice.auth, 'PATCH', `/api/organization/members/${carol.userId}`, {
      role: 'viewer',
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('refuses to delete the account of the only admin of a team, then hands the team over', async () => {
    const refused = await call(alice.auth, 'POST', '/api/account/delete', {
      password: PASSWORD,
      confirmation: 'DELETE',
    });
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe(T.onlyAdminDelete([await orgName(alice.organizationId)]));

    const promoted = await call(alice.auth, 'PATCH', `/api/organization/members/${bob.userId}`, {
      role: 'admin',
    });
    expect(promoted.statusCode).toBe(204);
    expect((await call(bobInAlice, 'GET', '/api/organization/members')).statusCode).toBe(200);
    const deleted = await call(alice.auth, 'POST', '/api/account/delete', {
      password: PASSWORD,
      confirmation: 'DELETE',
    });
    expect(deleted.statusCode).toBeLessThan(300);
    const [team] = await ctx.db
      .select({ ownerId: organizations.ownerId, personal: organizations.personal })
      .from(organizations)
      .where(eq(organizations.id, alice.organizationId));
    expect(team).toEqual({ ownerId: bob.userId, personal: false });
    expect(await ctx.db.select().from(users).where(eq(users.id, alice.userId))).toEqual([]);
  });

  it('removes a member: its session in the organization stops at once', async () => {
    const erin = await createAccount(ctx, 'erin-org@example.com');
    await invite(bobInAlice, erin.email, 'viewer');
    const joined = await accept(erin.auth, await mailedToken(ctx, erin.email, 'invite'));
    const erinInTeam = bearer(joined.json());
    expect((await call(erinInTeam, 'GET', '/api/dashboard')).statusCode).toBe(200);
    const removed = await call(bobInAlice, 'DELETE', `/api/organization/members/${erin.userId}`);
    expect(removed.statusCode).toBe(204);
    expect((await call(erinInTeam, 'GET', '/api/dashboard')).statusCode).toBe(401);
    // Her next refresh falls back to her own organization.
    const renewed = await refresh(ctx, erin.refresh, erin.csrf);
    expect(renewed.json().user.organization_id).toBe(erin.organizationId);
  });
});

async function orgName(id: string) {
  const [row] = await ctx.db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row?.name ?? '';
}
