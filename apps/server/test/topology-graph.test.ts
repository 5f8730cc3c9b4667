import {
  summarisePackets,
  type TPacketStats,
  type TTopologyGraph,
  type TTopologyNode,
} from '@netguard/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureFiles, scanHosts, vulnerabilities } from '../src/db/schema.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { ago, seedScan, seedService, seedVulnerability } from './seed.ts';

let ctx: TestContext;
let alice: Account;
let bob: Account;
let carol: Account;

type Sighting = { address: string; hostname?: string; ports?: number[] };

/** A completed scan of `targets`, `minutes` ago, that found the given hosts up. */
async function completedScan(
  owner: Account,
  minutes: number,
  targets: string[],
  hosts: Sighting[],
) {
  const scan = await seedScan(ctx, owner, {
    status: 'completed',
    targets,
    createdAt: ago(minutes + 11),
  });
  if (hosts.length)
    await ctx.db
      .insert(scanHosts)
      .values(
        hosts.map((h) => ({ scanId: scan.id, address: h.address, hostname: h.hostname ?? null })),
      );
  for (const h of hosts)
    for (const port of h.ports ?? []) await seedService(ctx, scan.id, h.address, port);
  return scan;
}

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createAccount(ctx, 'alice-topology@example.com');
  bob = await createAccount(ctx, 'bob-topology@example.com');
  carol = await createAccount(ctx, 'carol-topology@example.com');

  const first = await completedScan(
    alice,
    180,
    ['192.0.2.0/24'],
    [
      { address: '192.0.2.10', ports: [80, 443] },
      { address: '192.0.2.20' },
      { address: '192.0.2.30', ports: [22] },
      { address: '192.0.2.40', hostname: 'db.example.test' },
    ],
  );
  await completedScan(
    alice,
    60,
    ['192.0.2.10', '192.0.2.20', 'db.example.test', '198.51.100.0/24', '127.0.0.1'],
    [
      { address: '192.0.2.10', ports: [80] },
      { address: '198.51.100.5', ports: [53] },
      { address: '127.0.0.1' },
    ],
  );
  // Not completed: neither its hosts nor its silence count.
  const failed = await seedScan(ctx, alice, {
    status: 'failed',
    targets: ['192.0.2.0/24'],
    createdAt: ago(20),
  });
  await ctx.db.insert(scanHosts).values({ scanId: failed.id, address: '192.0.2.99' });

  await seedVulnerability(ctx, alice, first.id, { severity: 'critical', host: '192.0.2.30' });
  await seedVulnerability(ctx, alice, first.id, {
    severity: 'high',
    host: '192.0.2.10',
    mitigated: true,
  });
  await seedVulnerability(ctx, alice, first.id, { severity: 'medium', host: '192.0.2.10' });
  const fixed = await seedVulnerability(ctx, alice, first.id, {
    severity: 'high',
    host: '198.51.100.5',
  });
  await ctx.db
    .update(vulnerabilities)
    .set({ state: 'fixed' })
    .where(eq(vulnerabilities.id, fixed.id));

  // Carol: 32 hosts over 8 segments, more than the diagram draws; one of them at risk.
  const many = Array.from({ length: 32 }, (_, i) => ({
    address: `198.18.${i % 8}.${10 + i}`,
    ports: i % 2 ? [] : [443],
  }));
  const big = await completedScan(carol, 30, ['198.18.0.0/20'], many);
  await seedVulnerability(ctx, carol, big.id, { severity: 'high', host: '198.18.7.41' });
});
afterAll(() => ctx?.close());

async function graph(who: Account): Promise<TTopologyGraph> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/topology', headers: who.auth });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const node = (g: TTopologyGraph, id: string) => {
  const found = g.nodes.find((n) => n.id === id);
  if (!found) throw new Error(`no node ${id} in ${g.nodes.map((n) => n.id).join(', ')}`);
  return found;
};
const unmeasured = { traffic: null, traffic_bytes: null, traffic_capture: null };

/** An uploaded capture's row with the statistics its upload would have stored. */
async function insertCapture(
  owner: Account,
  name: string,
  conversations: TPacketStats['conversations'],
) {
  const stats = summarisePackets([]);
  stats.conversations = conversations;
  stats.bytes = conversations.reduce((sum, c) => sum + c.bytes, 0);
  stats.packets = conversations.reduce((sum, c) => sum + c.packets, 0);
  await ctx.db.insert(captureFiles).values({
    organizationId: owner.organizationId,
    userId: owner.userId,
    name,
    format: 'pcap',
    sizeBytes: stats.bytes,
    packetCount: stats.packets,
    linkTypes: [1],
    stats,
    checkpoints: [],
  });
}

const pick = (n: TTopologyNode) => ({ type: n.type, status: n.status, services: n.services });

describe('GET /api/topology from scan data', () => {
  it('groups hosts by /24 under inferred gateways joined by an inferred core', async () => {
    const g = await graph(alice);
    expect(g.source).toBe('scans');
    expect(g.segments.map((s) => s.name)).toEqual([
      '127.0.0.0/24',
      '192.0.2.0/24',
      '198.51.100.0/24',
    ]);
    expect(g.segments.map((s) => s.zone)).toEqual(['trusted', 'external', 'external']);
    expect(g.zones).toEqual([
      { id: 'trusted', segments: 1 },
      { id: 'external', segments: 2 },
    ]);
    const core = node(g, 'core');
    expect(core).toMatchObject({
      type: 'router',
      inferred: true,
      ip: '0.0.0.0/0',
      status: 'online',
    });
    const gateway = node(g, 'gateway:192.0.2.0/24');
    expect(gateway).toMatchObject({ type: 'router', inferred: true, ip: '192.0.2.0/24' });
    expect(gateway.connections.sort()).toEqual(
      ['core', 'host:192.0.2.10', 'host:192.0.2.20', 'host:192.0.2.30', 'host:192.0.2.40'].sort(),
    );
    expect(g.links).toContainEqual({
      from: 'core',
      to: 'gateway:127.0.0.0/24',
      type: 'ethernet',
      ...unmeasured,
    });
    expect(g.links).toContainEqual({
      from: 'core',
      to: 'gateway:198.51.100.0/24',
      type: 'wan',
      ...unmeasured,
    });
    expect(g.hosts_found).toBe(6);
    expect(g.hosts_drawn).toBe(6);
    expect(g.nodes.some((n) => n.ip === '192.0.2.99')).toBe(false);
  });

  it('types hosts by services and rates them online, warning or offline', async () => {
    const g = await graph(alice);
    // Latest sighting counts: 192.0.2.10 has one open service since the second scan.
    expect(pick(node(g, 'host:192.0.2.10'))).toEqual({
      type: 'server',
      status: 'online',
      services: 1,
    });
    // Open critical, no completed mitigation: warning.
    expect(node(g, 'host:192.0.2.30')).toMatchObject({
      type: 'server',
      status: 'warning',
      risks: 1,
    });
    // Covered by the newer scan, which did not find it: offline, by address and by hostname.
    expect(pick(node(g, 'host:192.0.2.20'))).toEqual({
      type: 'client',
      status: 'offline',
      services: 0,
    });
    expect(node(g, 'host:192.0.2.40')).toMatchObject({
      status: 'offline',
      label: 'db.example.test',
    });
    // A fixed high finding no longer warns.
    expect(pick(node(g, 'host:198.51.100.5'))).toEqual({
      type: 'server',
      status: 'online',
      services: 1,
    });
    expect(pick(node(g, 'host:127.0.0.1'))).toEqual({
      type: 'client',
      status: 'online',
      services: 0,
    });
  });

  it('measures link traffic from the newest capture covering the link, else none; counts seen hosts only', async () => {
    const before = await graph(alice);
    expect(before.links.every((l) => l.traffic === null && l.traffic_bytes === null)).toBe(true);
    // Devices are the 6 hosts the scans saw, not the 3 inferred gateways and the core.
    expect(before.summary).toEqual({
      devices: 6,
      online: 3,
      warning: 1,
      offline: 2,
      segments: 3,
      connections: 7,
      average_traffic: null,
      measured_links: 0,
    });
    expect(before.segments.map((s) => s.devices)).toEqual([1, 4, 1]);

    await insertCapture(alice, 'office.pcap', [
      { a: '192.0.2.10', b: '198.51.100.5', bytes: 3000, packets: 3 },
      { a: '192.0.2.10', b: '192.0.2.30', bytes: 1000, packets: 1 },
    ]);
    const g = await graph(alice);
    const link = (from: string, to: string) => g.links.find((l) => l.from === from && l.to === to);
    expect(link('gateway:192.0.2.0/24', 'host:192.0.2.10')).toMatchObject({
      traffic: 100,
      traffic_bytes: 4000,
      traffic_capture: 'office.pcap',
    });
    expect(link('gateway:192.0.2.0/24', 'host:192.0.2.30')).toMatchObject({
      traffic: 25,
      traffic_bytes: 1000,
    });
    // Leaving 192.0.2.0/24 (and entering 198.51.100.0/24): the 3000 bytes to 198.51.100.5.
    expect(link('core', 'gateway:192.0.2.0/24')).toMatchObject({
      traffic: 75,
      traffic_bytes: 3000,
    });
    expect(link('core', 'gateway:198.51.100.0/24')).toMatchObject({ traffic: 75 });
    // The capture never saw 192.0.2.20 or the loopback segment.
    expect(link('gateway:192.0.2.0/24', 'host:192.0.2.20')).toMatchObject(unmeasured);
    expect(link('core', 'gateway:127.0.0.0/24')).toMatchObject(unmeasured);
    const measured = g.links.flatMap((l) => (l.traffic === null ? [] : [l.traffic]));
    expect(g.summary.measured_links).toBe(measured.length);
    expect(g.summary.average_traffic).toBe(
      Math.round(measured.reduce((a, b) => a + b, 0) / measured.length),
    );
    // Another organization's capture measures nothing of Alice's.
    expect((await graph(carol)).summary.measured_links).toBe(0);
  });

  it('draws at most 24 hosts in 6 segments, those at risk first, and counts the rest', async () => {
    const g = await graph(carol);
    expect(g.hosts_found).toBe(32);
    expect(g.hosts_drawn).toBe(24);
    expect(g.segments).toHaveLength(6);
    expect(node(g, 'host:198.18.7.41').status).toBe('warning');
    expect(g.nodes.filter((n) => !n.inferred)).toHaveLength(24);
    expect(g.summary.devices).toBe(24);
  });

  it('shows the labelled sample network to an organization with no scan data, never another’s hosts', async () => {
    const g = await graph(bob);
    expect(g.source).toBe('sample');
    expect(g.summary).toEqual({
      devices: 7,
      online: 6,
      warning: 1,
      offline: 0,
      segments: 3,
      connections: 6,
      average_traffic: 47,
      measured_links: 6,
    });
    expect(g.segments.map((s) => (s.note ? `${s.name} (${s.note})` : s.name))).toEqual([
      'Internet Gateway',
      'Internal Network',
      'DMZ Network (Limited)',
    ]);
    expect(g.zones.map((z) => z.id)).toEqual(['trusted', 'dmz', 'external']);
    expect(g.links.filter((l) => l.type === 'wifi')).toHaveLength(1);
    expect(JSON.stringify(g)).not.toContain('192.0.2.');
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/topology' });
    expect(res.statusCode).toBe(401);
  });
});
