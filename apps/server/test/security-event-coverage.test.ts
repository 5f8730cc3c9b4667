import { eventRiskScore } from '@netguard/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, securityEvents, userRoles } from '../src/db/schema.ts';
import { failScan } from '../src/modules/scans/scans.complete.ts';
import { finishScan } from '../src/modules/scans/scans.lifecycle.ts';
import {
  type Account,
  createAccount,
  createTestApp,
  inviteAndAccept,
  type TestContext,
} from './helpers.ts';
import { waitFor } from './scan-helpers.ts';
import { seedScan, subscribe } from './seed.ts';

let ctx: TestContext;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createAccount(ctx, 'alice-cov@example.com');
  bob = await createAccount(ctx, 'bob-cov@example.com');
});
afterAll(() => ctx?.close());

type Headers = { authorization: string };
const call = (
  auth: Headers,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

/** The organization's events whose metadata outcome is `outcome`, newest first. */
const eventsWith = (organizationId: string, outcome: string) =>
  ctx.db
    .select()
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.organizationId, organizationId),
        sql`${securityEvents.metadata}->>'outcome' = ${outcome}`,
      ),
    )
    .orderBy(desc(securityEvents.createdAt));

/**
 * The events once `n` are there: a route that answers with reply.send() inside its tenant
 * transaction may answer just before the commit.
 */
const eventually = (organizationId: string, outcome: string, n = 1) =>
  waitFor(async () => {
    const rows = await eventsWith(organizationId, outcome);
    return rows.length >= n ? rows : null;
  }, 5_000);

const riskOf = (e: { metadata: unknown }) => (e.metadata as { riskScore?: number }).riskScore;

describe('security events the server writes', () => {
  it('covers invitations sent, resent and revoked, role changes and member removal', async () => {
    const sent = await call(alice.auth, 'POST', '/api/organization/invitations', {
      email: 'carol-cov@example.com',
      role: 'viewer',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().id;
    const resent = await call(alice.auth, 'POST', `/api/organization/invitations/${id}/resend`);
    expect(resent.statusCode).toBe(204);
    expect(
      (await call(alice.auth, 'DELETE', `/api/organization/invitations/${id}`)).statusCode,
    ).toBe(204);
    await ctx.db
      .insert(userRoles)
      .values({ userId: bob.userId, organizationId: alice.organizationId, role: 'auditor' });
    const promoted = await call(alice.auth, 'PATCH', `/api/organization/members/${bob.userId}`, {
      role: 'admin',
    });
    expect(promoted.statusCode).toBe(204);
    const removed = await call(alice.auth, 'DELETE', `/api/organization/members/${bob.userId}`);
    expect(removed.statusCode).toBe(204);

    const org = alice.organizationId;
    for (const outcome of [
      'organization.invite',
      'organization.invite_resend',
      'organization.invite_revoke',
      'organization.role_change',
      'organization.member_remove',
    ]) {
      const [event] = await eventually(org, outcome);
      expect(event?.eventType, outcome).toBe('privilege_escalation');
      expect(riskOf(event!), outcome).toBe(eventRiskScore('privilege_escalation', event!.severity));
    }
    const [promotion] = await eventsWith(org, 'organization.role_change');
    expect(promotion?.severity).toBe('high');
  });

  it('covers an accepted invitation, in the organization joined', async () => {
    const { sent, accepted } = await inviteAndAccept(ctx, alice, bob, 'auditor');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [joined] = await eventually(alice.organizationId, 'organization.invite_accept');
    expect(joined).toMatchObject({ userId: bob.userId, eventType: 'privilege_escalation' });
  });

  it('covers API key creation, revocation and use (once per key per hour)', async () => {
    await subscribe(ctx, alice);
    const created = await call(alice.auth, 'POST', '/api/api-keys', { name: 'CI' });
    expect(created.statusCode, created.body).toBe(201);
    const { key, id } = created.json();
    const bearer = { authorization: `Bearer ${key}` };
    for (let i = 0; i < 5; i++)
      expect((await call(bearer, 'GET', '/api/scans')).statusCode).toBe(200);
    const org = alice.organizationId;
    expect(await eventually(org, 'api_key.create')).toHaveLength(1);
    const uses = await eventually(org, 'api_key_use');
    expect(uses).toHaveLength(1);
    expect(uses[0]).toMatchObject({ eventType: 'auth_attempt', severity: 'low' });

    // Last used in the previous hour: the next use is the first of this hour.
    await ctx.db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(apiKeys.id, id));
    await call(bearer, 'GET', '/api/scans');
    await call(bearer, 'GET', '/api/scans');
    expect(await eventually(org, 'api_key_use', 2)).toHaveLength(2);

    expect((await call(alice.auth, 'DELETE', `/api/api-keys/${id}`)).statusCode).toBe(204);
    const [revoked] = await eventually(org, 'api_key.revoke');
    expect(revoked).toMatchObject({ eventType: 'privilege_escalation', severity: 'low' });
  });

  it('logs a failed scan as one medium security_violation', async () => {
    const scan = await seedScan(ctx, alice, { status: 'running', name: 'Doomed' });
    await failScan(ctx.db, { sendPlan: async () => undefined } as never, scan, 3, 'boom');
    // Failing it again (another worker) changes nothing and logs nothing.
    await finishScan(ctx.db, scan.id, { status: 'failed', error: 'again' });
    const failed = await eventsWith(alice.organizationId, 'scan_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      eventType: 'security_violation',
      severity: 'medium',
      userId: alice.userId,
      description: 'Scan failed: Doomed',
    });
    expect(failed[0]?.metadata).toMatchObject({
      scanId: scan.id,
      error: 'boom',
      riskScore: eventRiskScore('security_violation', 'medium'),
    });
    // A cancelled scan is not a failure.
    const other = await seedScan(ctx, alice, { status: 'running', name: 'Stopped' });
    await finishScan(ctx.db, other.id, { status: 'cancelled' });
    expect(await eventsWith(alice.organizationId, 'scan_failed')).toHaveLength(1);
  });
});
