import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, readdirSync, readlinkSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PACKET_LIMITS } from '@netguard/contracts';
import {
  encodePcapHeader,
  encodePcapRecord,
  type Frame,
  readCaptureFile,
  writeCapture,
} from '@netguard/packets';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../src/db/schema.ts';
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
import { waitFor } from './scan-helpers.ts';

let ctx: TestContext;
let dataDir: string;
let alice: Account;
let small: Buffer;

const list = (owner: Account) =>
  ctx.app.inject({ method: 'GET', url: '/api/packets/captures', headers: owner.auth });

/** Bytes the server pulled from oversizedPcap(). */
let pulled = 0;

/** A valid pcap stream one record past the upload limit, made of one reused 60 kB frame. */
function* oversizedPcap(): Generator<Buffer> {
  const header = Buffer.from(encodePcapHeader(1, { snapLength: 65_535 }));
  pulled = header.length;
  yield header;
  const data = new Uint8Array(60_000);
  const record = Buffer.from(
    encodePcapRecord({ seconds: 1_700_000_000, nanos: 0, originalLength: data.length, data }, true),
  );
  while (pulled <= PACKET_LIMITS.maxUploadBytes) {
    pulled += record.length;
    yield record;
  }
}

/** File descriptors of this process open on a path containing `name`. */
function openFilesNamed(name: string): number {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).includes(name);
    } catch {
      return false;
    }
  }).length;
}

/** Expects a refused upload to leave no row and no file behind. */
async function expectNothingLeft(owner: Account, capturesBefore: number) {
  expect((await list(owner)).json().captures).toHaveLength(capturesBefore);
  expect(await captureFilesOnDisk(dataDir, owner.organizationId)).toHaveLength(capturesBefore);
}

describe('capture uploads', () => {
  beforeAll(async () => {
    dataDir = await makeDataDir();
    // Left by a deleted organization and by an upload cut off by a crash two hours ago.
    const orphans = path.join(dataDir, 'captures', randomUUID());
    await fs.mkdir(orphans, { recursive: true });
    await fs.writeFile(path.join(orphans, `${randomUUID()}.cap`), 'old capture');
    await fs.writeFile(path.join(orphans, `${randomUUID()}.cap.part`), 'cut off');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    for (const name of await fs.readdir(orphans)) {
      await fs.utimes(path.join(orphans, name), twoHoursAgo, twoHoursAgo);
    }
    ctx = await createTestApp({ NETGUARD_DATA_DIR: dataDir });
    // Real HTTP for the clients that leave half-way.
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    alice = await createAccount(ctx, 'alice@example.com');
    const server = await serveHttp();
    const file = path.join(dataDir, 'small.pcap');
    await captureOnLo(file, `tcp port ${server.port}`, () => httpRequests(server.port, 3));
    await server.close();
    small = await fs.readFile(file);
  });
  afterAll(async () => {
    await ctx?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('removes capture files no row owns when the server starts', async () => {
    await waitFor(
      async () => (await fs.readdir(path.join(dataDir, 'captures'))).length === 0,
      5_000,
    );
  });

  it('refuses an upload without a session before reading it', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/packets/captures?name=a.pcap',
      headers: { 'content-type': 'application/octet-stream' },
      payload: small,
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a corrupt or foreign file with the reader’s message naming the offset, keeping nothing', async () => {
    const truncated = await uploadCapture(
      ctx,
      alice,
      'cut.pcap',
      small.subarray(0, small.length - 7),
    );
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().error.message).toMatch(/at byte offset \d+/);
    const foreign = await uploadCapture(
      ctx,
      alice,
      'notes.txt',
      Buffer.from('these are not packets, just text\n'),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toMatch(/at byte offset 0/);
    await expectNothingLeft(alice, 0);
  });

  it('refuses an empty body, with or without a content type', async () => {
    const empty = await uploadCapture(ctx, alice, 'empty.pcap', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(
      'The capture file is empty: choose a .pcap or .pcapng file',
    );
    const bare = await ctx.app.inject({
      method: 'POST',
      url: '/api/packets/captures?name=x.pcap',
      headers: alice.auth,
    });
    expect(bare.statusCode).toBe(400);
    const nameless = await uploadCapture(ctx, alice, '', small);
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().error.message).toBe('File name is required');
    await expectNothingLeft(alice, 0);
  });

  it('refuses more than 200 MB, by Content-Length up front or while streaming', {
    timeout: 120_000,
  }, async () => {
    const declared = await uploadCapture(ctx, alice, 'huge.pcap', Readable.from([small]), {
      'content-length': String(PACKET_LIMITS.maxUploadBytes + 1),
    });
    expect(declared.statusCode).toBe(413);
    expect(declared.json().error.message).toBe('Capture files are limited to 200 MB');

    const before = process.memoryUsage().rss;
    const streamed = await uploadCapture(ctx, alice, 'huge.pcap', Readable.from(oversizedPcap()));
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().error.message).toBe('Capture files are limited to 200 MB');
    // It was refused for its size, on the way, not for anything before.
    expect(pulled).toBeGreaterThan(PACKET_LIMITS.maxUploadBytes);
    // Streamed to disk and read as it came: nowhere near the file's size in memory.
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
    await expectNothingLeft(alice, 0);
  });

  it('stores a pcapng of two link types and exports it as pcapng that tshark reads', async () => {
    const frames: Frame[] = [];
    for await (const frame of readCaptureFile(path.join(dataDir, 'small.pcap')).frames()) {
      // Every other frame as raw IP (link type 101): the Ethernet header dropped.
      frames.push(
        frame.number % 2
          ? frame
          : {
              ...frame,
              linkType: 101,
              data: frame.data.subarray(14),
              capturedLength: frame.capturedLength - 14,
              originalLength: frame.originalLength - 14,
            },
      );
    }
    const mixed = path.join(dataDir, 'mixed.pcapng');
    const out = createWriteStream(mixed);
    await writeCapture(frames, out, { linkTypes: [1, 101] });
    await new Promise((resolve) => out.end(resolve));

    const res = await uploadCapture(ctx, alice, 'mixed.pcapng', await fs.readFile(mixed));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      format: 'pcapng',
      link_types: [1, 101],
      packet_count: frames.length,
    });
    const exported = await ctx.app.inject({
      method: 'GET',
      url: `/api/packets/captures/${res.json().id}/export`,
      headers: alice.auth,
    });
    expect(exported.headers['content-type']).toBe('application/x-pcapng');
    expect(exported.headers['content-disposition']).toBe(
      'attachment; filename="mixed-filtered.pcapng"',
    );
    const saved = path.join(dataDir, 'mixed-export.pcapng');
    await fs.writeFile(saved, exported.rawPayload);
    const read = tsharkFields(saved, ['frame.number', 'frame.encap_type', 'tcp.srcport']);
    expect(read.map(([, encap]) => encap)).toEqual(
      frames.map((f) => (f.linkType === 1 ? '1' : '7')),
    );
    expect(read.map(([, , port]) => port)).toEqual(
      tsharkFields(path.join(dataDir, 'small.pcap'), ['tcp.srcport']).map(([p]) => p),
    );
  });

  it('stops reading a capture when the client leaves its download half-way', async () => {
    const frames: Frame[] = [];
    for await (const frame of readCaptureFile(path.join(dataDir, 'small.pcap')).frames()) {
      frames.push(frame);
    }
    // Tens of megabytes: more than the socket buffers take, so the export is still running.
    const big = path.join(dataDir, 'big.pcap');
    const out = createWriteStream(big);
    const many = function* () {
      for (let i = 0; i < 40_000; i++) yield frames[i % frames.length]!;
    };
    await writeCapture(many(), out, { linkTypes: [1] });
    await new Promise((resolve) => out.end(resolve));
    const { id } = (await uploadCapture(ctx, alice, 'big.pcap', await fs.readFile(big))).json();
    const port = (ctx.app.server.address() as AddressInfo).port;
    for (const query of ['', '?filter=tcp']) {
      await new Promise<void>((resolve, reject) => {
        const url = `/api/packets/captures/${id}/export${query}`;
        const req = http.get({ host: '127.0.0.1', port, path: url, headers: alice.auth }, (res) =>
          res.once('data', () => {
            req.destroy();
            resolve();
          }),
        );
        req.on('error', reject);
      });
      await waitFor(async () => openFilesNamed(`${id}.cap`) === 0, 5_000);
    }
  });

  it('cuts the transfer of an export whose capture file breaks part-way, never a short whole file', async () => {
    const big = await fs.readFile(path.join(dataDir, 'big.pcap'));
    const { id } = (await uploadCapture(ctx, alice, 'breaks.pcap', big)).json();
    // The stored file loses its second half (a disk fault): the export notices part-way.
    const stored = path.join(dataDir, 'captures', alice.organizationId, `${id}.cap`);
    await fs.truncate(stored, Math.floor(big.length / 2) + 7);
    const port = (ctx.app.server.address() as AddressInfo).port;
    const out = await new Promise<{ code: number; stderr: string }>((resolve) =>
      execFile(
        'curl',
        [
          '-sS',
          '-o',
          '/dev/null',
          '-H',
          `authorization: ${alice.auth.authorization}`,
          `http://127.0.0.1:${port}/api/packets/captures/${id}/export`,
        ],
        (error, _stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stderr }),
      ),
    );
    // curl: (18) transfer closed with outstanding read data remaining
    expect(out.code).toBe(18);
    expect(out.stderr).toMatch(/transfer closed with outstanding read data remaining/);
  });

  it('keeps nothing of an upload the client abandons half-way', async () => {
    const port = (ctx.app.server.address() as AddressInfo).port;
    const before = (await list(alice)).json().captures.length;
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/packets/captures?name=abandoned.pcap',
      headers: {
        ...alice.auth,
        'content-type': 'application/octet-stream',
        'content-length': small.length * 10,
      },
    });
    req.on('error', () => undefined);
    req.write(small);
    await waitFor(
      async () =>
        (await captureFilesOnDisk(dataDir, alice.organizationId)).some((f) => f.endsWith('.part')),
      5_000,
    );
    req.destroy();
    await waitFor(
      async () =>
        !(await captureFilesOnDisk(dataDir, alice.organizationId)).some((f) => f.endsWith('.part')),
      5_000,
    );
    expect((await list(alice)).json().captures).toHaveLength(before);
  });

  it('holds an organization to 20 capture files, then takes one again after a delete', async () => {
    const carol = await createAccount(ctx, 'carol@example.com');
    let last = '';
    for (let i = 0; i < PACKET_LIMITS.maxCapturesPerOrganization; i++) {
      const res = await uploadCapture(ctx, carol, `c${i}.pcap`, small);
      expect(res.statusCode).toBe(201);
      last = res.json().id;
    }
    const over = await uploadCapture(ctx, carol, 'one-more.pcap', small);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(
      'Your organization already has 20 capture files, the limit: delete one to upload another',
    );
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/packets/captures/${last}`,
      headers: carol.auth,
    });
    expect((await uploadCapture(ctx, carol, 'one-more.pcap', small)).statusCode).toBe(201);
    expect(await captureFilesOnDisk(dataDir, carol.organizationId)).toHaveLength(20);
  });

  it('lets a security analyst work with capture files and keeps viewers and auditors out', async () => {
    const dave = await createAccount(ctx, 'dave@example.com');
    const setRole = (role: 'security_analyst' | 'viewer' | 'auditor') =>
      ctx.db.update(userRoles).set({ role }).where(eq(userRoles.userId, dave.userId));
    await setRole('security_analyst');
    const res = await uploadCapture(ctx, dave, 'analyst.pcap', small);
    expect(res.statusCode).toBe(201);
    expect((await list(dave)).json().captures).toHaveLength(1);
    for (const role of ['viewer', 'auditor'] as const) {
      await setRole(role);
      const denied = await list(dave);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().error.message).toBe(
        'Packet analysis needs the admin or security analyst role in your organization.',
      );
      expect((await uploadCapture(ctx, dave, 'x.pcap', small)).statusCode).toBe(403);
    }
  });
});
