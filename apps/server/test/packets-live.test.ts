import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { PACKETS_LIVE_PATH, type TPacket } from '@netguard/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../src/db/schema.ts';
import { netguard } from './cli-run.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { processesMatching } from './packets-helpers.ts';
import { openSocket, waitFor } from './scan-helpers.ts';

const ROLE_REASON =
  'Live capture needs the admin role in your organization. You can still open a capture file or run the demo.';
const OPERATOR_REASON =
  'Live capture sees all of this server’s traffic, so only its deployment operators may use it. Whoever runs NetGuard can add you with: npm run netguard -- operators add <your email>. You can still open a capture file or run the demo.';

type Live = Awaited<ReturnType<typeof openSocket>>;

/** A TCP server on 127.0.0.1 that takes connections and closes them; its port names a BPF. */
async function tcpServer() {
  // A client that resets (connectOnce's timeout) must not surface as an uncaught ECONNRESET.
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    socket.end('bye\n');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: (server.address() as AddressInfo).port, close: () => server.close() };
}

/** One connection to 127.0.0.1:port that says hello and waits for the server to close. */
function connectOnce(port: number) {
  return new Promise<void>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write('hello\n'));
    socket.setTimeout(2_000, () => socket.destroy());
    socket.on('data', () => undefined);
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
}

async function liveSocket(base: string, owner: Account): Promise<Live> {
  const live = await openSocket(base, PACKETS_LIVE_PATH);
  live.send({ type: 'auth', access_token: owner.accessToken });
  await live.next('ready');
  return live;
}

const packetsOf = (live: Live) =>
  live.messages.flatMap((m) => (m.type === 'packets' ? (m.packets as TPacket[]) : []));
const portsOf = (p: TPacket) =>
  p.layers
    .flatMap((l) => l.fields)
    .filter((f) => f.name === 'tcp.srcport' || f.name === 'tcp.dstport')
    .map((f) => f.value);

async function startApp(env: Record<string, string> = {}) {
  const ctx = await createTestApp(env);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return { ctx, base: `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}` };
}

describe('live capture', () => {
  let ctx: TestContext;
  let base: string;
  let alice: Account;
  let bob: Account;

  beforeAll(async () => {
    // The deployment operators of this server, named in its environment.
    ({ ctx, base } = await startApp({
      NETGUARD_OPERATORS: 'alice@example.com,bob@example.com,carol@example.com',
    }));
    alice = await createAccount(ctx, 'alice@example.com');
    bob = await createAccount(ctx, 'bob@example.com');
    await ctx.db
      .update(userRoles)
      .set({ role: 'security_analyst' })
      .where(eq(userRoles.userId, bob.userId));
  });
  afterAll(() => ctx?.close());

  it('tells an operator admin the server can capture on lo, and an operator analyst why not', async () => {
    const admin = await ctx.app.inject({
      method: 'GET',
      url: '/api/packets/capability',
      headers: alice.auth,
    });
    expect(admin.json()).toMatchObject({ can_capture: true, reason: null });
    expect(admin.json().interfaces.map((i: { name: string }) => i.name)).toContain('lo');
    const analyst = await ctx.app.inject({
      method: 'GET',
      url: '/api/packets/capability',
      headers: bob.auth,
    });
    expect(analyst.json()).toEqual({ can_capture: false, reason: ROLE_REASON, interfaces: [] });
  });

  it('streams the packets of the capture filter’s port, then stops on request with reason null', async () => {
    const server = await tcpServer();
    const live = await liveSocket(base, alice);
    live.send({ type: 'start', interface: 'lo', bpf: `tcp port ${server.port}` });
    expect(await live.next('started')).toMatchObject({
      interface: 'lo',
      bpf: `tcp port ${server.port}`,
    });
    // tcpdump takes a moment to listen: connect until packets arrive.
    await waitFor(async () => {
      await connectOnce(server.port);
      return packetsOf(live).length >= 10;
    }, 15_000);
    const packets = packetsOf(live);
    expect(packets.every((p) => portsOf(p).includes(server.port))).toBe(true);
    expect(packets.some((p) => p.flags.includes('SYN'))).toBe(true);
    // 127.0.0.1 is this server's own address: what it sends is outgoing.
    expect(packets.every((p) => p.source === '127.0.0.1' && p.type === 'outgoing')).toBe(true);
    live.send({ type: 'stop' });
    expect(await live.next('stopped')).toEqual({ type: 'stopped', reason: null });
    await waitFor(async () => processesMatching(`tcp port ${server.port}`).length === 0, 5_000);
    live.close();
    server.close();
  });

  it('refuses an unknown interface, a capture filter tcpdump rejects, and a non-admin', async () => {
    const live = await liveSocket(base, alice);
    live.send({ type: 'start', interface: 'nosuchif0', bpf: '' });
    expect((await live.next('error')).message).toBe(
      'There is no interface "nosuchif0" to capture on',
    );
    live.messages.length = 0;
    live.send({ type: 'start', interface: 'lo', bpf: 'tcp port' });
    expect((await live.next('error')).message).toMatch(/^Invalid capture filter: .+/);
    live.messages.length = 0;
    live.send({ type: 'start', interface: 'lo', bpf: 'tcp port 1 and' });
    expect((await live.next('error')).message).toMatch(/^Invalid capture filter: /);
    live.close();

    const analyst = await liveSocket(base, bob);
    analyst.send({ type: 'start', interface: 'lo', bpf: '' });
    expect((await analyst.next('error')).message).toBe(ROLE_REASON);
    analyst.close();
  });

  it('kills tcpdump when the socket closes', async () => {
    const server = await tcpServer();
    const live = await liveSocket(base, alice);
    live.send({ type: 'start', interface: 'lo', bpf: `tcp port ${server.port}` });
    await live.next('started');
    await waitFor(async () => processesMatching(`tcp port ${server.port}`).length === 1, 5_000);
    live.close();
    await waitFor(async () => processesMatching(`tcp port ${server.port}`).length === 0, 5_000);
    server.close();
  });

  it('stops a capture whose user is no longer an admin, and closes the socket of a signed-out one', {
    timeout: 30_000,
  }, async () => {
    const carol = await createAccount(ctx, 'carol@example.com');
    const server = await tcpServer();
    const live = await liveSocket(base, carol);
    live.send({ type: 'start', interface: 'lo', bpf: `tcp port ${server.port}` });
    await live.next('started');
    await ctx.db
      .update(userRoles)
      .set({ role: 'security_analyst' })
      .where(eq(userRoles.userId, carol.userId));
    expect(await live.next('stopped', 12_000)).toEqual({ type: 'stopped', reason: ROLE_REASON });
    await waitFor(async () => processesMatching(`tcp port ${server.port}`).length === 0, 5_000);
    live.close();

    await ctx.db.update(userRoles).set({ role: 'admin' }).where(eq(userRoles.userId, carol.userId));
    const again = await liveSocket(base, carol);
    again.send({ type: 'start', interface: 'lo', bpf: `tcp port ${server.port}` });
    await again.next('started');
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: carol.auth,
    });
    expect(out.statusCode).toBe(200);
    expect((await again.next('error', 12_000)).message).toBe('Session expired');
    await waitFor(async () => again.closeCode() === 4401, 5_000);
    await waitFor(async () => processesMatching(`tcp port ${server.port}`).length === 0, 5_000);
    server.close();
  });

  it('runs at most four captures on the server, one per socket', async () => {
    const servers = await Promise.all([1, 2, 3, 4, 5].map(() => tcpServer()));
    const sockets: Live[] = [];
    for (const server of servers.slice(0, 4)) {
      const live = await liveSocket(base, alice);
      live.send({ type: 'start', interface: 'lo', bpf: `tcp port ${server.port}` });
      await live.next('started');
      sockets.push(live);
    }
    sockets[0]?.send({ type: 'start', interface: 'lo', bpf: '' });
    expect((await sockets[0]!.next('error')).message).toBe(
      'A capture is already running on this connection: stop it first',
    );
    const fifth = await liveSocket(base, alice);
    fifth.send({ type: 'start', interface: 'lo', bpf: `tcp port ${servers[4]!.port}` });
    expect((await fifth.next('error')).message).toBe(
      'Too many live captures are running on this server; try again later',
    );
    for (const live of [...sockets, fifth]) live.close();
    for (const server of servers) {
      await waitFor(async () => processesMatching(`tcp port ${server.port}`).length === 0, 5_000);
      server.close();
    }
    // The slots are free again.
    const again = await liveSocket(base, alice);
    again.send({ type: 'start', interface: 'lo', bpf: `tcp port ${servers[0]!.port}` });
    await again.next('started');
    again.send({ type: 'stop' });
    await again.next('stopped');
    again.close();
    await delay(50);
  });
});

describe('live capture settings', () => {
  const operator = { NETGUARD_OPERATORS: 'admin@example.com' };

  it('keeps capture to PACKET_CAPTURE_INTERFACES', async () => {
    const { ctx, base } = await startApp({ ...operator, PACKET_CAPTURE_INTERFACES: 'lo' });
    try {
      const admin = await createAccount(ctx, 'admin@example.com');
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/packets/capability',
        headers: admin.auth,
      });
      expect(res.json().interfaces.map((i: { name: string }) => i.name)).toEqual(['lo']);
      const live = await liveSocket(base, admin);
      live.send({ type: 'start', interface: 'eth0', bpf: '' });
      expect((await live.next('error')).message).toBe(
        'Live capture may not use interface "eth0" on this server; allowed: lo',
      );
      live.close();
    } finally {
      await ctx.close();
    }
  });

  it('says so when TCPDUMP_PATH names no program', async () => {
    const { ctx } = await startApp({ ...operator, TCPDUMP_PATH: '/nonexistent/tcpdump' });
    try {
      const admin = await createAccount(ctx, 'admin@example.com');
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/packets/capability',
        headers: admin.auth,
      });
      expect(res.json()).toEqual({
        can_capture: false,
        reason: 'Live capture needs tcpdump on the server: apt-get install tcpdump',
        interfaces: [],
      });
    } finally {
      await ctx.close();
    }
  });

  it('turns live capture off with PACKET_CAPTURE=off', async () => {
    const { ctx, base } = await startApp({ ...operator, PACKET_CAPTURE: 'off' });
    try {
      const admin = await createAccount(ctx, 'admin@example.com');
      const off =
        'Live capture is turned off on this server (PACKET_CAPTURE=off). You can still open a capture file or run the demo.';
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/packets/capability',
        headers: admin.auth,
      });
      expect(res.json()).toEqual({ can_capture: false, reason: off, interfaces: [] });
      const live = await liveSocket(base, admin);
      live.send({ type: 'start', interface: 'lo', bpf: '' });
      expect((await live.next('error')).message).toBe(off);
      live.close();
    } finally {
      await ctx.close();
    }
  });
});

describe('who may capture live', () => {
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => {
    ({ ctx, base } = await startApp());
  });
  afterAll(() => ctx?.close());

  const capability = async (account: Account) =>
    (
      await ctx.app.inject({ method: 'GET', url: '/api/packets/capability', headers: account.auth })
    ).json();

  it('refuses a fresh sign-up (its organization’s admin) with the reason, and no interfaces', async () => {
    const dana = await createAccount(ctx, 'dana@example.com');
    expect(await capability(dana)).toEqual({
      can_capture: false,
      reason: OPERATOR_REASON,
      interfaces: [],
    });
    const live = await liveSocket(base, dana);
    live.send({ type: 'start', interface: 'lo', bpf: '' });
    expect((await live.next('error')).message).toBe(OPERATOR_REASON);
    expect(live.messages.some((m) => m.type === 'started')).toBe(false);
    live.close();
  });

  it('lets the same user capture after `operators add`, and stops the capture on `operators remove`', {
    timeout: 180_000,
  }, async () => {
    const erin = await createAccount(ctx, 'erin@example.com');
    expect((await capability(erin)).can_capture).toBe(false);
    expect((await netguard(ctx, ['operators', 'add', 'erin@example.com'])).code).toBe(0);
    const allowed = await capability(erin);
    expect(allowed).toMatchObject({ can_capture: true, reason: null });
    expect(allowed.interfaces.map((i: { name: string }) => i.name)).toContain('lo');

    const server = await tcpServer();
    const live = await liveSocket(base, erin);
    live.send({ type: 'start', interface: 'lo', bpf: `tcp port ${server.port}` });
    await live.next('started');
    expect((await netguard(ctx, ['operators', 'remove', 'erin@example.com'])).code).toBe(0);
    expect(await live.next('stopped', 12_000)).toEqual({
      type: 'stopped',
      reason: OPERATOR_REASON,
    });
    await waitFor(async () => processesMatching(`tcp port ${server.port}`).length === 0, 5_000);
    live.close();
    server.close();
    expect((await capability(erin)).reason).toBe(OPERATOR_REASON);
  });
});
