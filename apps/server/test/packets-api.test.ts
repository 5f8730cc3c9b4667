import fs from 'node:fs/promises';
import path from 'node:path';
import type { TPacket, TPacketPage } from '@netguard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import {
  captureFilesOnDisk,
  captureOnLo,
  httpRequests,
  makeDataDir,
  serveHttp,
  tsharkFields,
  uploadCapture,
} from './packets-helpers.ts';

/** Requests made to each of the two servers while tcpdump records. */
const REQUESTS = 80;

let ctx: TestContext;
let dataDir: string;
let alice: Account;
let bob: Account;
let file: string;
let ports: [number, number];
let captureId: string;
let packetCount: number;

const field = (packet: TPacket, name: string) =>
  packet.layers.flatMap((l) => l.fields).find((f) => f.name === name)?.value;

function page(owner: Account, id: string, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return ctx.app.inject({
    method: 'GET',
    url: `/api/packets/captures/${id}/packets?${qs}`,
    headers: owner.auth,
  });
}

/** Every packet matching `query`, read page by page. */
async function allPages(id: string, query: Record<string, string>, limit: number) {
  const packets: TPacket[] = [];
  for (let offset = 0; ; offset += limit) {
    const res = await page(alice, id, { ...query, offset, limit });
    expect(res.statusCode).toBe(200);
    const body = res.json<TPacketPage>();
    packets.push(...body.packets);
    if (offset + limit >= body.total) return { packets, total: body.total };
  }
}

async function download(url: string, owner: Account, name: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: owner.auth });
  const saved = path.join(dataDir, name);
  await fs.writeFile(saved, res.rawPayload);
  return { res, saved };
}

// tshark dissects HTTP on the test's own ports only when told to.
const decodeAsHttp = () => ports.flatMap((p) => ['-d', `tcp.port==${p},http`]);

describe('capture files', () => {
  beforeAll(async () => {
    dataDir = await makeDataDir();
    ctx = await createTestApp({ NETGUARD_DATA_DIR: dataDir });
    alice = await createAccount(ctx, 'alice@example.com');
    bob = await createAccount(ctx, 'bob@example.com');
    const a = await serveHttp();
    const b = await serveHttp();
    ports = [a.port, b.port];
    file = path.join(dataDir, 'lo-http.pcap');
    await captureOnLo(file, `tcp port ${a.port} or tcp port ${b.port}`, async () => {
      for (let i = 0; i < REQUESTS; i++) {
        await httpRequests(a.port, 1, i);
        await httpRequests(b.port, 1, i);
      }
    });
    await Promise.all([a.close(), b.close()]);
    packetCount = tsharkFields(file, ['frame.number']).length;
  });
  afterAll(async () => {
    await ctx?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('uploads a capture recorded on lo: count, format, link type and stats as tshark reads it', async () => {
    expect(packetCount).toBeGreaterThan(1000);
    const res = await uploadCapture(ctx, alice, 'lo http.pcap', await fs.readFile(file));
    expect(res.statusCode).toBe(201);
    const capture = res.json();
    captureId = capture.id;
    expect(capture).toMatchObject({
      name: 'lo http.pcap',
      format: 'pcap',
      size_bytes: (await fs.stat(file)).size,
      packet_count: packetCount,
      link_types: [1],
    });
    expect(capture.stats.packets).toBe(packetCount);
    const protocols = Object.fromEntries(
      capture.stats.protocols.map((p: { protocol: string; packets: number }) => [
        p.protocol,
        p.packets,
      ]),
    );
    const httpPackets = tsharkFields(
      file,
      ['frame.number'],
      [...decodeAsHttp(), '-Y', 'http'],
    ).length;
    expect(protocols).toEqual({ HTTP: httpPackets, TCP: packetCount - httpPackets });
    expect(capture.stats.top_hosts[0]).toMatchObject({ host: '127.0.0.1', packets: packetCount });

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/packets/captures',
      headers: alice.auth,
    });
    expect(list.json().captures).toHaveLength(1);
    expect(list.json().captures[0]).toMatchObject({ id: captureId, packet_count: packetCount });
    expect(list.json().captures[0].stats).toBeUndefined();
    const one = await ctx.app.inject({
      method: 'GET',
      url: `/api/packets/captures/${captureId}`,
      headers: alice.auth,
    });
    expect(one.json().stats).toEqual(capture.stats);
  });

  it('pages through every packet with continuous ids, and resumes mid-file as tshark numbers frames', async () => {
    const { packets, total } = await allPages(captureId, {}, 400);
    expect(total).toBe(packetCount);
    expect(packets.map((p) => p.id)).toEqual(Array.from({ length: packetCount }, (_, i) => i + 1));

    // Frames 1201-1250 come from the checkpoint after frame 1000, not from the top of the file.
    const res = await page(alice, captureId, { offset: 1200, limit: 50 });
    const middle = res.json<TPacketPage>().packets;
    const expected = tsharkFields(file, [
      'frame.number',
      'tcp.srcport',
      'tcp.dstport',
      'frame.len',
    ]).slice(1200, 1250);
    expect(
      middle.map((p) => [
        String(p.id),
        String(field(p, 'tcp.srcport')),
        String(field(p, 'tcp.dstport')),
        String(p.length),
      ]),
    ).toEqual(expected);
    expect(middle[0]?.payload.length).toBe(middle[0]!.captured_length * 2);

    const past = await page(alice, captureId, { offset: packetCount + 5, limit: 10 });
    expect(past.json()).toMatchObject({ packets: [], total: packetCount, offset: packetCount + 5 });
  });

  it('filters by display filter, protocol and search, as tshark does, and pages the matches', async () => {
    const [portA] = ports;
    const byPort = await allPages(captureId, { filter: `tcp.port == ${portA}` }, 150);
    const tsharkByPort = tsharkFields(file, ['frame.number'], ['-Y', `tcp.port == ${portA}`]).map(
      ([n]) => Number(n),
    );
    expect(byPort.total).toBe(tsharkByPort.length);
    expect(byPort.packets.map((p) => p.id)).toEqual(tsharkByPort);

    const httpFilter = 'ip.addr == 127.0.0.1 and http';
    const tsharkHttp = tsharkFields(
      file,
      ['frame.number'],
      [...decodeAsHttp(), '-Y', httpFilter],
    ).map(([n]) => Number(n));
    // Every request, and every response tshark does not reassemble from two segments.
    expect(tsharkHttp.length).toBeGreaterThan(REQUESTS * 2);
    const http = await allPages(captureId, { filter: httpFilter }, 1000);
    expect(http.packets.map((p) => p.id)).toEqual(tsharkHttp);

    for (const protocol of ['HTTP', 'http']) {
      expect((await page(alice, captureId, { protocol, limit: 1 })).json().total).toBe(
        tsharkHttp.length,
      );
    }
    expect((await page(alice, captureId, { protocol: 'all', limit: 1 })).json().total).toBe(
      packetCount,
    );

    // GET /page/7 and /page/70-79 on both servers: the search ignores case.
    const search = await allPages(captureId, { search: 'get /PAGE/7' }, 1000);
    expect(search.total).toBe(22);
    expect(search.packets.every((p) => p.info.startsWith('GET /page/7'))).toBe(true);
    const both = await page(alice, captureId, {
      search: 'get /page/7',
      filter: `tcp.dstport == ${portA}`,
    });
    expect(both.json().total).toBe(11);
  });

  it('refuses a display filter it cannot parse with the parser message', async () => {
    const res = await page(alice, captureId, { filter: 'tcp.port ==' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^Invalid display filter: .+ at position \d+$/);
  });

  it('exports the filtered packets as a pcap that tshark reads, and the whole capture without filters', async () => {
    const filter = `tcp.port == ${ports[1]}`;
    const url = `/api/packets/captures/${captureId}/export?filter=${encodeURIComponent(filter)}`;
    const { res, saved } = await download(url, alice, 'filtered.pcap');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.tcpdump.pcap');
    expect(res.headers['content-disposition']).toBe('attachment; filename="lo_http-filtered.pcap"');
    const total = (await page(alice, captureId, { filter, limit: 1 })).json().total;
    const exported = tsharkFields(saved, ['frame.number', 'tcp.port']);
    expect(exported).toHaveLength(total);
    expect(exported.every(([, portsOf]) => portsOf?.split(',').includes(String(ports[1])))).toBe(
      true,
    );

    const whole = await download(`/api/packets/captures/${captureId}/export`, alice, 'whole.pcap');
    expect(tsharkFields(whole.saved, ['frame.number'])).toHaveLength(packetCount);
  });

  it('writes the browser’s live packets back as a pcap (POST /api/packets/export)', async () => {
    const held = (await page(alice, captureId, { offset: 100, limit: 60 })).json<TPacketPage>()
      .packets;
    const body = {
      link_type: 1,
      packets: held.map((p) => ({ time: p.time, length: p.length, payload: p.payload })),
    };
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/packets/export',
      headers: alice.auth,
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.tcpdump.pcap');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="netguard-live-[\d-]+T[\d-]+\.pcap"$/,
    );
    const saved = path.join(dataDir, 'live.pcap');
    await fs.writeFile(saved, res.rawPayload);
    const read = tsharkFields(saved, [
      'tcp.srcport',
      'tcp.dstport',
      'frame.len',
      'frame.time_epoch',
    ]);
    expect(read.map(([s, d, len]) => [s, d, len])).toEqual(
      held.map((p) => [
        String(field(p, 'tcp.srcport')),
        String(field(p, 'tcp.dstport')),
        String(p.length),
      ]),
    );
    expect(Number(read[0]?.[3])).toBeCloseTo(held[0]!.time, 5);

    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/packets/export',
      headers: alice.auth,
      payload: { link_type: 1, packets: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('There are no packets to export');
  });

  it('keeps captures to their organization: another account gets 404 and an empty list', async () => {
    const urls = [
      `/api/packets/captures/${captureId}`,
      `/api/packets/captures/${captureId}/packets`,
      `/api/packets/captures/${captureId}/export`,
    ];
    for (const url of urls) {
      expect((await ctx.app.inject({ method: 'GET', url, headers: bob.auth })).statusCode).toBe(
        404,
      );
    }
    const del = await ctx.app.inject({ method: 'DELETE', url: urls[0]!, headers: bob.auth });
    expect(del.statusCode).toBe(404);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/packets/captures',
      headers: bob.auth,
    });
    expect(list.json()).toEqual({ captures: [] });
    expect(
      (await ctx.app.inject({ method: 'GET', url: urls[0]!, headers: alice.auth })).statusCode,
    ).toBe(200);
  });

  it('describes the packets API in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const route of [
      '/api/packets/captures',
      '/api/packets/captures/{id}/packets',
      '/api/packets/export',
      '/api/packets/capability',
    ]) {
      expect(doc.paths[route]).toBeDefined();
    }
  });

  it('deletes a capture: row and file', async () => {
    const res = await uploadCapture(ctx, alice, 'again.pcap', await fs.readFile(file));
    const { id } = res.json();
    expect(await captureFilesOnDisk(dataDir, alice.organizationId)).toContain(`${id}.cap`);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/packets/captures/${id}`,
      headers: alice.auth,
    });
    expect(del.statusCode).toBe(204);
    expect(await captureFilesOnDisk(dataDir, alice.organizationId)).not.toContain(`${id}.cap`);
    const gone = await ctx.app.inject({
      method: 'GET',
      url: `/api/packets/captures/${id}/packets`,
      headers: alice.auth,
    });
    expect(gone.statusCode).toBe(404);
  });
});
