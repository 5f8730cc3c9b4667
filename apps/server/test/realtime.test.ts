import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scans } from '../src/db/schema.ts';
import { recordFinding } from '../src/modules/vulnerabilities/vulnerabilities.lifecycle.ts';
import { notifyRealtime } from '../src/realtime/notify.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { createScan, openSocket, scanAction, waitFor } from './scan-helpers.ts';
import { seedScan, subscribe } from './seed.ts';

let ctx: TestContext;
let alice: Account;
let bob: Account;
let base: string;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createAccount(ctx, 'alice@example.com');
  bob = await createAccount(ctx, 'bob@example.com');
  await subscribe(ctx, alice);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

const finding = (host: string) => ({
  check_id: 'http-security-headers',
  title: 'Missing HTTP security headers',
  severity: 'low' as const,
  vulnerability_type: 'misconfiguration',
  cve_id: null,
  cvss_score: 3.1,
  risk_score: 31,
  host,
  port: 8080,
  protocol: 'tcp' as const,
  service: 'http',
  description: 'd',
  solution: 's',
  evidence: 'e',
  mitigations: [],
  time: new Date().toISOString(),
});

/** Announces the newest scan of the account, as a worker would after changing it. */
async function notifyScanRow(owner: Account) {
  const [row] = await ctx.db
    .select()
    .from(scans)
    .where(eq(scans.organizationId, owner.organizationId))
    .orderBy(desc(scans.createdAt))
    .limit(1);
  await notifyRealtime(ctx.db, {
    table: 'scans',
    event: 'UPDATE',
    id: row!.id,
    organization_id: owner.organizationId,
  });
}

describe('realtime channel scan-updates', () => {
  it('delivers an account’s scan and vulnerability events to it and never to another account', async () => {
    const a = await openSocket(base);
    const b = await openSocket(base);
    await a.join(alice.accessToken);
    await b.join(bob.accessToken);

    const scan = (await createScan(ctx, alice, { scan_name: 'Alice live' })).json();
    await scanAction(ctx, alice, scan.id, 'start');
    await recordFinding(
      ctx.db,
      { scanId: scan.id, userId: alice.userId, organizationId: alice.organizationId },
      finding('127.0.0.1'),
    );
    await waitFor(async () => a.events('vulnerabilities').length === 1);
    // Events carry the row as it is when fanned out (NOTIFY holds ids only), so the INSERT may
    // already show the scan running.
    expect(a.events('scans').map((e) => e.event)).toEqual(['INSERT', 'UPDATE']);
    expect(a.events('scans')[1]?.record.status).toBe('running');
    expect(a.events('scans')[0]?.record).toMatchObject({ id: scan.id, scan_name: 'Alice live' });
    expect(a.events('vulnerabilities')[0]).toMatchObject({
      event: 'INSERT',
      record: { scan_id: scan.id, severity: 'low', host: '127.0.0.1', port: 8080 },
    });

    // Bob's own scan reaches Bob, which also proves Bob's socket was live all along.
    const bobs = (await createScan(ctx, bob, { scan_name: 'Bob live' })).json();
    await waitFor(async () => b.events('scans').length === 1);
    await delay(200);
    expect(b.events().map((e) => e.record.id)).toEqual([bobs.id]);
    expect(a.events().some((e) => e.record.id === bobs.id)).toBe(false);
    a.close();
    b.close();
  });

  it('answers pings and sends nothing to a socket that did not subscribe', async () => {
    const a = await openSocket(base);
    a.send({ type: 'auth', access_token: alice.accessToken });
    await a.next('ready');
    a.send({ type: 'ping' });
    await a.next('pong');
    await createScan(ctx, alice, { scan_name: 'Unheard' });
    await delay(300);
    expect(a.events()).toEqual([]);
    a.close();
  });

  it('closes with 4401 on a bad token or a message before auth', async () => {
    const bad = await openSocket(base);
    bad.send({ type: 'auth', access_token: 'not-a-jwt' });
    expect((await bad.next('error')).message).toBe('Session expired');
    await waitFor(async () => bad.closeCode() === 4401);

    const early = await openSocket(base);
    early.send({ type: 'subscribe', channel: 'scan-updates' });
    await waitFor(async () => early.closeCode() === 4401);

    const junk = await openSocket(base);
    junk.socket.send('{not json');
    await waitFor(async () => junk.closeCode() === 4401);
  });

  it('closes a socket that does not authenticate within 5 seconds', async () => {
    const silent = await openSocket(base);
    await waitFor(async () => silent.closeCode() === 4401, 8_000);
    expect(silent.messages[0]?.type).toBe('error');
  });

  it('stops a socket whose session was signed out', { timeout: 15_000 }, async () => {
    const carol = await createAccount(ctx, 'carol@example.com');
    const socket = await openSocket(base);
    await socket.join(carol.accessToken);
    await createScan(ctx, carol, { scan_name: 'Before' });
    await waitFor(async () => socket.events('scans').length === 1);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: carol.auth,
    });
    expect(out.statusCode).toBe(200);
    // Live sessions are cached for up to 5 s; the first event after that closes the socket.
    await delay(5_200);
    await seedScan(ctx, carol, { status: 'pending', name: 'After' });
    await notifyScanRow(carol);
    await waitFor(async () => socket.closeCode() === 4401, 5_000);
    expect(socket.events('scans')).toHaveLength(1);
  });
});
