import { once } from 'node:events';
import net from 'node:net';
import { DEFAULT_TOPOLOGY_SETTINGS } from '@netguard/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { auditLogs, scanHosts } from '../src/db/schema.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { seedScan, seedService } from './seed.ts';

const block = testResources();
/** Alice's two scanned hosts, and one nobody scanned, in this file's block. */
const HOST = block.host(1);
const QUIET = block.host(2);
const UNKNOWN = block.host(9);

let ctx: TestContext;
let alice: Account;
let bob: Account;
let listener: net.Server;
let openPort: number;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createAccount(ctx, 'alice-topo-actions@example.com');
  bob = await createAccount(ctx, 'bob-topo-actions@example.com');
  // The probe resets the connections it opens: the server side only sees them go.
  listener = net
    .createServer((socket) => socket.on('error', () => undefined).end())
    .listen(0, HOST);
  await once(listener, 'listening');
  openPort = (listener.address() as net.AddressInfo).port;
  const scan = await seedScan(ctx, alice, {
    status: 'completed',
    targets: [HOST, QUIET],
  });
  await ctx.db.insert(scanHosts).values([
    { scanId: scan.id, address: HOST },
    { scanId: scan.id, address: QUIET },
  ]);
  await seedService(ctx, scan.id, HOST, openPort);
});
afterAll(async () => {
  listener?.close();
  await ctx?.close();
});

const post = (who: Account, action: 'ping' | 'port-scan', payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/topology/${action}`,
    headers: who.auth,
    payload: payload as object,
  });

const settings = (who: Account, payload?: unknown) =>
  ctx.app.inject({
    method: payload === undefined ? 'GET' : 'PUT',
    url: '/api/topology/settings',
    headers: who.auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('POST /api/topology/ping', () => {
  it('measures the round trip of a TCP connect to a known open port', async () => {
    const res = await post(alice, 'ping', { host: HOST });
    expect(res.statusCode).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ host: HOST, reachable: true, port: openPort });
    expect(result.port_state).toBe('open');
    expect(result.rtt_ms).toBeGreaterThanOrEqual(0);
    expect(result.probed_ports[0]).toBe(openPort);
    const [audit] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, alice.userId), eq(auditLogs.action, 'topology.ping')));
    expect(audit).toMatchObject({ resourceType: 'host', resourceId: HOST });
  });

  it('counts a refused connection as an answer', async () => {
    const result = (await post(alice, 'ping', { host: QUIET })).json();
    expect(result.reachable).toBe(true);
    expect(['open', 'closed']).toContain(result.port_state);
    expect(typeof result.rtt_ms).toBe('number');
  });

  it('refuses hosts outside the organization’s scan data and the scanner’s scope', async () => {
    const unknown = await post(alice, 'ping', { host: UNKNOWN });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toContain(UNKNOWN);
    const metadata = await post(alice, 'ping', { host: '169.254.169.254' });
    expect(metadata.statusCode).toBe(400);
    expect(metadata.json().error.code).toBe('scope_refused');
    expect((await post(alice, 'ping', { host: '224.0.0.1' })).statusCode).toBe(400);
  });

  it('answers bad input with 400 and a message', async () => {
    for (const body of [
      {},
      { host: 'db.example.test' },
      { host: '300.1.1.1' },
      { host: 42 },
      { host: '1'.repeat(5000) },
      { host: '127.0.0.1', port: 22 },
    ]) {
      const res = await post(alice, 'ping', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.json().error.message).toMatch(/IPv4|Unrecognized|unrecognized/);
    }
  });
});

describe('POST /api/topology/port-scan', () => {
  it('creates and starts a port scan of the host through the scans service', async () => {
    const res = await post(alice, 'port-scan', { host: HOST });
    expect(res.statusCode).toBe(202);
    const scan = res.json();
    expect(scan).toMatchObject({
      scan_type: 'port',
      target_hosts: [HOST],
      scan_name: `Port Scan ${HOST.replaceAll('.', '-')}`,
    });
    expect(['running', 'pending']).toContain(scan.status);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/api/scans/${scan.id}`,
      headers: alice.auth,
    });
    expect(listed.statusCode).toBe(200);
  });

  it('applies the free plan’s monthly scan limit', async () => {
    // Alice has 2 scans this month; the free plan allows 5.
    for (let i = 0; i < 3; i++) await seedScan(ctx, alice, { status: 'completed' });
    const res = await post(alice, 'port-scan', { host: HOST });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.code).toBe('payment_required');
  });
});

describe('cross-account isolation', () => {
  it('never lets another organization ping or scan a host it has not scanned', async () => {
    const ping = await post(bob, 'ping', { host: HOST });
    expect(ping.statusCode).toBe(404);
    const scan = await post(bob, 'port-scan', { host: HOST });
    expect(scan.statusCode).toBe(404);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/scans', headers: bob.auth });
    expect(list.json().total).toBe(0);
    const graph = await ctx.app.inject({ method: 'GET', url: '/api/topology', headers: bob.auth });
    expect(graph.json().source).toBe('sample');
    expect(JSON.stringify(graph.json())).not.toContain(HOST.replace(/\d+$/, ''));
  });
});

describe('/api/topology/settings', () => {
  it('starts from the defaults and keeps what the user saves, per user', async () => {
    expect((await settings(alice)).json()).toEqual(DEFAULT_TOPOLOGY_SETTINGS);
    const chosen = { layout: 'radial', show_ip: false, show_traffic: true, animate_traffic: false };
    const saved = await settings(alice, chosen);
    expect(saved.statusCode).toBe(200);
    expect((await settings(alice)).json()).toEqual(chosen);
    const again = { ...chosen, show_ip: true };
    expect((await settings(alice, again)).json()).toEqual(again);
    expect((await settings(alice)).json()).toEqual(again);
    expect((await settings(bob)).json()).toEqual(DEFAULT_TOPOLOGY_SETTINGS);
  });

  it('answers bad settings with 400 and a message', async () => {
    const good = DEFAULT_TOPOLOGY_SETTINGS;
    for (const [body, message] of [
      [{ ...good, layout: 'spiral' }, 'Layout must be hierarchical or radial'],
      [{ ...good, show_ip: 'yes' }, 'Must be true or false'],
      [{ layout: 'radial' }, 'Must be true or false'],
      [{ ...good, colour: 'red' }, 'colour'],
      [[], ''],
    ] as const) {
      const res = await settings(alice, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
  });
});
