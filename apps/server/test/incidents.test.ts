import { INCIDENT_TEXT, ROLES, type TRole } from '@netguard/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityIncidents, userRoles } from '../src/db/schema.ts';
import { appendSecurityEvents } from '../src/modules/audit/security-events.ts';
import { evaluateAnomalyRules } from '../src/modules/incidents/anomaly-rules.ts';
import {
  type Account,
  createAccount,
  createTestApp,
  inviteAndAccept,
  signIn,
  type TestContext,
} from './helpers.ts';

let ctx: TestContext;
let alice: Account;
let bob: Account;
let eve: Account;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createAccount(ctx, 'alice-inc@example.com', 'Enterprise');
  bob = await createAccount(ctx, 'bob-inc@example.com', 'Enterprise');
  eve = await createAccount(ctx, 'eve-inc@example.com', 'Enterprise');
  // Bob is a member of Alice's organization (as an analyst).
  await ctx.db
    .insert(userRoles)
    .values({ userId: bob.userId, organizationId: alice.organizationId, role: 'security_analyst' });
});
afterAll(() => ctx?.close());

type Headers = { authorization: string };
const call = (auth: Headers, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
const list = async (auth: Headers, query = '') => {
  const res = await call(auth, 'GET', `/api/security/incidents${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().incidents as { id: string; rule: string; subject: string; status: string }[];
};
const sweep = () => evaluateAnomalyRules(ctx.db);

/** `n` events of one organization, appended as the server does. */
const burst = (
  organizationId: string,
  userId: string | null,
  n: number,
  type = 'suspicious_activity',
) =>
  appendSecurityEvents(
    ctx.db,
    Array.from({ length: n }, (_, i) => ({
      userId,
      organizationId,
      eventType: type as 'suspicious_activity',
      severity: 'low' as const,
      description: `test event ${i}`,
      metadata: { i },
      ipAddress: '127.0.0.1',
      userAgent: null,
    })),
  );

describe('anomaly rules', () => {
  it('a burst of 30 failed sign-ins opens exactly one incident, and later failures attach to it', async () => {
    await sweep(); // the sign-ups and sign-ins of beforeAll: nothing anomalous
    expect(await list(alice.auth)).toEqual([]);
    for (let i = 0; i < 30; i++) {
      const res = await signIn(ctx, alice.email, 'Wrong!Passw0rd');
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      if (i === 12) await sweep(); // a sweep in the middle of the burst
    }
    await sweep();
    await sweep();
    const incidents = (await list(alice.auth)).filter((i) => i.rule === 'failed_auth');
    expect(incidents).toHaveLength(1);
    expect(incidents[0]).toMatchObject({ subject: alice.userId, status: 'open' });
    const detail = (
      await call(alice.auth, 'GET', `/api/security/incidents/${incidents[0]?.id}`)
    ).json();
    expect(detail.events).toHaveLength(30);
    expect(detail.title).toContain(alice.email);
    expect(detail.history).toEqual([expect.objectContaining({ status: 'open', changed_by: null })]);
    expect(detail.events[0]).toMatchObject({ event_type: 'auth_attempt' });
  });

  it('5 failed attempts open nothing; the 6th does', async () => {
    for (let i = 0; i < 5; i++) await signIn(ctx, eve.email, 'Wrong!Passw0rd');
    await sweep();
    expect((await list(eve.auth)).filter((i) => i.rule === 'failed_auth')).toEqual([]);
    await signIn(ctx, eve.email, 'Wrong!Passw0rd');
    await sweep();
    expect((await list(eve.auth)).filter((i) => i.rule === 'failed_auth')).toHaveLength(1);
  });

  it('more than 50 events in 5 minutes from one user opens one incident; 50 do not; granted reads do not count', async () => {
    await burst(eve.organizationId, bob.userId, 50);
    for (let i = 0; i < 60; i++) await call(eve.auth, 'GET', '/api/dashboard'); // granted permission checks: routine
    await ctx.app.accessEvents.flush();
    await sweep();
    expect((await list(eve.auth)).filter((i) => i.rule === 'event_burst')).toEqual([]);
    await burst(eve.organizationId, bob.userId, 1);
    await sweep();
    await burst(eve.organizationId, bob.userId, 20);
    await sweep();
    const opened = (await list(eve.auth)).filter((i) => i.rule === 'event_burst');
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ subject: bob.userId });
    const detail = (await call(eve.auth, 'GET', `/api/security/incidents/${opened[0]?.id}`)).json();
    expect(detail.events).toHaveLength(71);
  });

  it('counts events without a user per organization', async () => {
    await burst(eve.organizationId, null, 51, 'security_violation');
    await sweep();
    const opened = (await list(eve.auth)).filter(
      (i) => i.rule === 'event_burst' && i.subject === eve.organizationId,
    );
    expect(opened).toHaveLength(1);
  });
});

describe('incident workflow', () => {
  let failedAuth: string;

  beforeAll(async () => {
    const [row] = (await list(alice.auth)).filter((i) => i.rule === 'failed_auth');
    failedAuth = row?.id ?? '';
  });

  it('keeps who changed the status and when; lists by status', async () => {
    const res = await call(alice.auth, 'PATCH', `/api/security/incidents/${failedAuth}`, {
      status: 'investigating',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('investigating');
    const detail = (await call(alice.auth, 'GET', `/api/security/incidents/${failedAuth}`)).json();
    expect(detail.history.map((h: { status: string }) => h.status)).toEqual([
      'open',
      'investigating',
    ]);
    expect(detail.history[1].changed_by).toMatchObject({
      user_id: alice.userId,
      email: alice.email,
    });
    expect(Date.parse(detail.history[1].changed_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await list(alice.auth, '?status=investigating')).map((i) => i.id)).toEqual([
      failedAuth,
    ]);
    expect(await list(alice.auth, '?status=resolved')).toEqual([]);
    expect(
      (await call(alice.auth, 'GET', '/api/security/incidents?status=closed')).statusCode,
    ).toBe(400);
  });

  it('assigns to a member, refuses a non-member, unassigns', async () => {
    const ok = await call(alice.auth, 'PATCH', `/api/security/incidents/${failedAuth}`, {
      assignee_id: bob.userId,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().assignee).toMatchObject({ user_id: bob.userId, email: bob.email });
    const refused = await call(alice.auth, 'PATCH', `/api/security/incidents/${failedAuth}`, {
      assignee_id: eve.userId,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(INCIDENT_TEXT.assigneeNotMember);
    const assignees = (await call(alice.auth, 'GET', '/api/security/incidents/assignees')).json();
    expect(assignees.assignees.map((a: { email: string }) => a.email).sort()).toEqual(
      [alice.email, bob.email].sort(),
    );
    const none = await call(alice.auth, 'PATCH', `/api/security/incidents/${failedAuth}`, {});
    expect(none.statusCode).toBe(400);
  });

  it('adds notes with author and time', async () => {
    const res = await call(alice.auth, 'POST', `/api/security/incidents/${failedAuth}/notes`, {
      text: '  Looks like password spraying from 127.0.0.1  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      text: 'Looks like password spraying from 127.0.0.1',
      author: { user_id: alice.userId },
    });
    expect(
      (await call(alice.auth, 'POST', `/api/security/incidents/${failedAuth}/notes`, { text: ' ' }))
        .statusCode,
    ).toBe(400);
    const detail = (await call(alice.auth, 'GET', `/api/security/incidents/${failedAuth}`)).json();
    expect(detail.notes).toHaveLength(1);
  });

  it('merges several incidents into one: events and notes move, sources are marked merged', async () => {
    await burst(alice.organizationId, bob.userId, 51);
    await burst(alice.organizationId, null, 51);
    await sweep();
    const all = await list(alice.auth);
    const sources = all.filter((i) => i.id !== failedAuth).map((i) => i.id);
    expect(sources).toHaveLength(2);
    await call(alice.auth, 'POST', `/api/security/incidents/${sources[0]}/notes`, { text: 'dup' });

    expect(
      (
        await call(alice.auth, 'POST', '/api/security/incidents/merge', {
          targetId: failedAuth,
          sourceIds: [failedAuth],
        })
      ).statusCode,
    ).toBe(400);
    const res = await call(alice.auth, 'POST', '/api/security/incidents/merge', {
      targetId: failedAuth,
      sourceIds: sources,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().event_count).toBe(30 + 51 + 51);
    const detail = (await call(alice.auth, 'GET', `/api/security/incidents/${failedAuth}`)).json();
    expect(detail.events).toHaveLength(132);
    expect(detail.notes).toHaveLength(2);
    expect((await list(alice.auth)).map((i) => i.id)).toEqual([failedAuth]);
    const source = (await call(alice.auth, 'GET', `/api/security/incidents/${sources[0]}`)).json();
    expect(source).toMatchObject({ merged_into: failedAuth, status: 'resolved', event_count: 0 });
    // A merged incident cannot change any more, nor be merged again.
    expect(
      (await call(alice.auth, 'PATCH', `/api/security/incidents/${sources[0]}`, { status: 'open' }))
        .statusCode,
    ).toBe(409);
    // New burst events of a merged-away subject open a fresh incident (the source is closed).
    await burst(alice.organizationId, bob.userId, 51);
    await sweep();
    expect(await list(alice.auth)).toHaveLength(2);
  });

  it('is invisible to another organization: 404 on every route', async () => {
    expect(await list(eve.auth)).not.toContainEqual(expect.objectContaining({ id: failedAuth }));
    const url = `/api/security/incidents/${failedAuth}`;
    expect((await call(eve.auth, 'GET', url)).statusCode).toBe(404);
    expect((await call(eve.auth, 'PATCH', url, { status: 'resolved' })).statusCode).toBe(404);
    expect((await call(eve.auth, 'POST', `${url}/notes`, { text: 'x' })).statusCode).toBe(404);
    const [own] = await list(eve.auth);
    const merge = await call(eve.auth, 'POST', '/api/security/incidents/merge', {
      targetId: own?.id,
      sourceIds: [failedAuth],
    });
    expect(merge.statusCode).toBe(404);
    const [row] = await ctx.db
      .select({ status: securityIncidents.status, mergedInto: securityIncidents.mergedInto })
      .from(securityIncidents)
      .where(eq(securityIncidents.id, failedAuth));
    expect(row).toEqual({ status: 'investigating', mergedInto: null });
  });
});

describe('roles', () => {
  const setRole = (who: Account, role: TRole) =>
    ctx.db
      .update(userRoles)
      .set({ role })
      .where(
        and(eq(userRoles.userId, who.userId), eq(userRoles.organizationId, who.organizationId)),
      );

  const EXPECTED: Record<TRole, { read: boolean; update: boolean }> = {
    admin: { read: true, update: true },
    security_analyst: { read: true, update: true },
    auditor: { read: true, update: false },
    viewer: { read: false, update: false },
  };

  it('gives each role exactly its incident permissions', async () => {
    const [incident] = await list(eve.auth);
    const url = `/api/security/incidents/${incident?.id}`;
    for (const role of ROLES) {
      await setRole(eve, role);
      const read = await call(eve.auth, 'GET', url);
      const listed = await call(eve.auth, 'GET', '/api/security/incidents');
      const patch = await call(eve.auth, 'PATCH', url, { status: 'investigating' });
      const note = await call(eve.auth, 'POST', `${url}/notes`, { text: `from ${role}` });
      const want = EXPECTED[role];
      expect([read.statusCode, listed.statusCode], role).toEqual(
        want.read ? [200, 200] : [403, 403],
      );
      expect([patch.statusCode, note.statusCode], role).toEqual(
        want.update ? [200, 201] : [403, 403],
      );
      if (!want.read)
        expect(read.json().error.message).toBe('Insufficient permissions for security incidents');
    }
    await setRole(eve, 'admin');
  });
});

describe('failed sign-ins of a team member', () => {
  it('are events of the team and of the personal organization, each with one incident; the lockout counts each attempt once', async () => {
    const tom = await createAccount(ctx, 'tom-team@example.com', 'Enterprise');
    const mia = await createAccount(ctx, 'mia-team@example.com', 'Enterprise');
    const { accepted } = await inviteAndAccept(ctx, tom, mia, 'security_analyst');
    expect(accepted.statusCode, accepted.body).toBe(200);
    await sweep();

    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await signIn(ctx, mia.email, 'Wrong!Passw0rd')).statusCode);
    // The 5th wrong password locks the address out, as with one organization.
    expect(statuses).toEqual([401, 401, 401, 401, 423, 423]);
    await sweep();

    const events = await call(tom.auth, 'GET', '/api/security/events?type=auth_attempt&limit=100');
    expect(events.statusCode, events.body).toBe(200);
    const failed = (events.json().items as { user_email: string; severity: string }[]).filter(
      (e) => e.user_email === mia.email && e.severity !== 'low',
    );
    expect(failed).toHaveLength(6);
    const teamIncidents = (await list(tom.auth)).filter((i) => i.rule === 'failed_auth');
    expect(teamIncidents).toEqual([
      expect.objectContaining({ subject: mia.userId, status: 'open' }),
    ]);

    const personal = await call(mia.auth, 'POST', '/api/organizations/switch', {
      organization_id: mia.organizationId,
    });
    expect(personal.statusCode, personal.body).toBe(200);
    const own = (await list({ authorization: `Bearer ${personal.json().access_token}` })).filter(
      (i) => i.rule === 'failed_auth',
    );
    expect(own).toEqual([expect.objectContaining({ subject: mia.userId, status: 'open' })]);
  });
});
