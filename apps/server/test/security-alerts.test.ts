import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, securityAlerts, securityEvents, userRoles } from '../src/db/schema.ts';
import { createLogger } from '../src/lib/logger.ts';
import { createMailer } from '../src/lib/mailer.ts';
import { appendSecurityEvents } from '../src/modules/audit/security-events.ts';
import {
  type CriticalEvent,
  onCriticalEvent,
  sendCriticalAlerts,
} from '../src/modules/incidents/alerts.ts';
import {
  type Account,
  createAccount,
  createTestApp,
  pastGrace,
  refresh,
  type TestContext,
} from './helpers.ts';
import { openSocket, waitFor } from './scan-helpers.ts';

let ctx: TestContext;
let alice: Account;
let bob: Account;
let carol: Account;
let eve: Account;
let base: string;
/** Bob's and Carol's sessions inside Alice's organization. */
let bobInAlice: string;
let carolInAlice: string;

const log = createLogger('silent');

async function joinAlice(who: Account, role: 'admin' | 'security_analyst') {
  await ctx.db
    .insert(userRoles)
    .values({ userId: who.userId, organizationId: alice.organizationId, role });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/organizations/switch',
    headers: who.auth,
    payload: { organization_id: alice.organizationId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createAccount(ctx, 'alice-alert@example.com');
  bob = await createAccount(ctx, 'bob-alert@example.com');
  carol = await createAccount(ctx, 'carol-alert@example.com');
  eve = await createAccount(ctx, 'eve-alert@example.com');
  bobInAlice = await joinAlice(bob, 'security_analyst');
  carolInAlice = await joinAlice(carol, 'admin');
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx?.close());

const event = (organizationId: string, severity: 'critical' | 'high') => ({
  userId: null,
  organizationId,
  eventType: 'security_violation' as const,
  severity,
  description: `Tampering detected (${severity})`,
  metadata: null,
  ipAddress: '127.0.0.1',
  userAgent: null,
});

async function signedInSocket(token: string) {
  const socket = await openSocket(base);
  socket.send({ type: 'auth', access_token: token });
  await socket.next('ready');
  return socket;
}

const alertsOf = (socket: Awaited<ReturnType<typeof openSocket>>) =>
  socket.messages.filter((m) => m.type === 'security.alert') as unknown as {
    event: { id: string; severity: string; description: string };
  }[];

describe('critical-event alerts', () => {
  it('sends one realtime toast to signed-in admins only and one e-mail per admin, once even when two senders race', async () => {
    const sockets = {
      alice: await signedInSocket(alice.accessToken),
      carol: await signedInSocket(carolInAlice),
      bob: await signedInSocket(bobInAlice),
      eve: await signedInSocket(eve.accessToken),
    };
    const heard: CriticalEvent[] = [];
    const siem = (e: CriticalEvent) => {
      heard.push(e);
    };
    onCriticalEvent.push(siem);
    try {
      await appendSecurityEvents(ctx.db, [
        event(alice.organizationId, 'critical'),
        event(alice.organizationId, 'high'),
      ]);
      const pending = await ctx.db.select().from(securityAlerts);
      expect(pending).toHaveLength(1); // only the critical one

      const mailer = createMailer({ from: 'netguard@localhost', db: ctx.db, log });
      const deps = { db: ctx.db, mailer, publicUrl: 'http://localhost:8080', log };
      const sent = await Promise.all([
        sendCriticalAlerts(deps),
        sendCriticalAlerts(deps),
        sendCriticalAlerts(deps),
      ]);
      expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await sendCriticalAlerts(deps)).toBe(0);

      await waitFor(
        async () => alertsOf(sockets.alice).length > 0 && alertsOf(sockets.carol).length > 0,
      );
      await delay(500); // anything else would have arrived by now
      expect(alertsOf(sockets.alice)).toHaveLength(1);
      expect(alertsOf(sockets.alice)[0]?.event).toMatchObject({
        severity: 'critical',
        description: 'Tampering detected (critical)',
      });
      expect(alertsOf(sockets.carol)).toHaveLength(1);
      expect(alertsOf(sockets.bob)).toEqual([]);
      expect(alertsOf(sockets.eve)).toEqual([]);

      const mails = await ctx.db
        .select({ to: mailOutbox.to, subject: mailOutbox.subject })
        .from(mailOutbox)
        .where(inArray(mailOutbox.subject, ['Critical security alert: security_violation']));
      expect(mails.map((m) => m.to).sort()).toEqual([alice.email, carol.email].sort());
      expect(heard.map((e) => e.description)).toEqual(['Tampering detected (critical)']);
      const [row] = await ctx.db.select().from(securityAlerts);
      expect(row?.sentAt).toBeInstanceOf(Date);
    } finally {
      onCriticalEvent.splice(onCriticalEvent.indexOf(siem), 1);
      for (const s of Object.values(sockets)) s.close();
    }
  });

  it('re-sends an alert whose sender died after claiming it, once the lease ran out', async () => {
    await appendSecurityEvents(ctx.db, [event(eve.organizationId, 'critical')]);
    const [row] = await ctx.db
      .select()
      .from(securityAlerts)
      .where(eq(securityAlerts.organizationId, eve.organizationId));
    await ctx.db
      .update(securityAlerts)
      .set({ claimedAt: new Date(Date.now() - 10_000) })
      .where(eq(securityAlerts.eventId, row!.eventId));
    const mailer = createMailer({ from: 'netguard@localhost', db: ctx.db, log });
    const deps = { db: ctx.db, mailer, publicUrl: 'http://localhost:8080', log };
    expect(await sendCriticalAlerts(deps)).toBe(0); // claimed 10 s ago: still leased
    await ctx.db
      .update(securityAlerts)
      .set({ claimedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(securityAlerts.eventId, row!.eventId));
    expect(await sendCriticalAlerts(deps)).toBe(1);
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, eve.email));
    expect(mails.filter((m) => m.subject.startsWith('Critical security alert'))).toHaveLength(1);
  });

  it('a stolen refresh token coming back after the grace window is a critical event that e-mails the admins of every organization of its user', async () => {
    const rotated = await refresh(ctx, bob.refresh, bob.csrf);
    expect(rotated.statusCode).toBe(200);
    await pastGrace(ctx, bob.refresh);
    const replay = await refresh(ctx, bob.refresh, bob.csrf);
    expect(replay.statusCode).toBe(401);

    const events = await ctx.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.userId, bob.userId));
    const reuse = events.filter((e) => e.eventType === 'security_violation');
    expect(reuse.map((e) => e.organizationId).sort()).toEqual(
      [alice.organizationId, bob.organizationId].sort(),
    );
    for (const e of reuse)
      expect(e).toMatchObject({
        severity: 'critical',
        description: 'Refresh token reuse detected: session revoked',
      });

    const mailer = createMailer({ from: 'netguard@localhost', db: ctx.db, log });
    await sendCriticalAlerts({ db: ctx.db, mailer, publicUrl: 'http://localhost:8080', log });
    const mails = await ctx.db
      .select({ to: mailOutbox.to, text: mailOutbox.text })
      .from(mailOutbox)
      .where(like(mailOutbox.text, '%Refresh token reuse detected%'));
    // Alice and Carol administer Alice's organization, Bob his personal one; Bob is only an
    // analyst in Alice's, so he gets one e-mail.
    expect(mails.map((m) => m.to).sort()).toEqual([alice.email, bob.email, carol.email].sort());
  });
});
