import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  GetObjectCommand,
  ListMultipartUploadsCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import type { TPacketPage } from '@netguard/contracts';
import { type Frame, readCaptureFile, writeCapture } from '@netguard/packets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageSettings } from '../src/config.ts';
import { ingestCapture } from '../src/modules/packets/packets.ingest.ts';
import { captureIds } from '../src/modules/packets/packets.repo.ts';
import { createLocalCaptureStore } from '../src/modules/packets/packets.store.ts';
import { createS3CaptureStore } from '../src/modules/packets/packets.store-s3.ts';
import {
  type Account,
  createAccount,
  createTestApp,
  PASSWORD,
  type TestContext,
} from './helpers.ts';
import { type Moto, startMoto, storageEnv } from './moto.ts';
import {
  captureFilesOnDisk,
  captureOnLo,
  httpRequests,
  makeDataDir,
  serveHttp,
  uploadCapture,
} from './packets-helpers.ts';
import { waitFor } from './scan-helpers.ts';
import { startServerProcess } from './server-process.ts';

const BUCKET = 'netguard-captures';
const PREFIX = 'site-a/';
/** HTTP requests recorded, each answered with a 64 KiB body: a capture of about 20 MB. */
const REQUESTS = 300;

let moto: Moto;
let settings: StorageSettings;
/** Two instances on one database and one bucket, with data dirs of their own. */
let a: TestContext;
let b: TestContext;
/** An instance keeping its files on local disk, to compare with. */
let local: TestContext;
let dirs: string[] = [];
let alice: Account;
let aliceOnB: Account;
let aliceLocal: Account;
/** A capture recorded on lo: thousands of frames, large enough for a multipart upload. */
let big: Buffer;
let captureId: string;
let localId: string;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const orgKeys = (owner: Account) => moto.keys(BUCKET, `${PREFIX}captures/${owner.organizationId}/`);

function get(ctx: TestContext, owner: Account, url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: owner.auth });
}

function page(
  ctx: TestContext,
  owner: Account,
  id: string,
  query: Record<string, string | number>,
) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return get(ctx, owner, `/api/packets/captures/${id}/packets?${qs}`);
}

/** The first `count` frames of a capture file, written again as a pcap. */
async function firstFrames(file: string, count: number): Promise<Buffer> {
  const frames: Frame[] = [];
  for await (const frame of readCaptureFile(file).frames()) {
    frames.push(frame);
    if (frames.length === count) break;
  }
  const out = `${file}.first-${count}`;
  const stream = createWriteStream(out);
  await writeCapture(frames, stream, { linkTypes: [1] });
  await new Promise((resolve) => stream.end(resolve));
  return fs.readFile(out);
}

/** Multipart uploads S3 still holds under the organization's folder. */
async function openUploads(owner: Account) {
  const list = await moto.client.send(
    new ListMultipartUploadsCommand({
      Bucket: BUCKET,
      Prefix: `${PREFIX}captures/${owner.organizationId}/`,
    }),
  );
  return list.Uploads ?? [];
}

describe('capture files on shared S3 storage (moto on loopback)', () => {
  beforeAll(async () => {
    // Fails here, saying how to install it, when moto is missing: never a silent skip.
    moto = await startMoto();
    settings = await moto.bucket(BUCKET, PREFIX);
    dirs = await Promise.all([makeDataDir(), makeDataDir(), makeDataDir()]);
    const [dirA, dirB, dirLocal] = dirs as [string, string, string];
    a = await createTestApp({ NETGUARD_DATA_DIR: dirA, ...storageEnv(settings) });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    b = await createTestApp({ NETGUARD_DATA_DIR: dirB, ...storageEnv(settings) }, {}, a.url);
    local = await createTestApp({ NETGUARD_DATA_DIR: dirLocal });
    alice = await createAccount(a, 'alice@example.com');
    aliceOnB = { ...alice, auth: (await signInOn(b, alice.email)).auth };
    aliceLocal = await createAccount(local, 'alice@example.com');

    const server = await serveHttp(Buffer.alloc(64 * 1024, 'netguard '));
    const file = path.join(dirLocal, 'lo-large.pcap');
    await captureOnLo(file, `tcp port ${server.port}`, () => httpRequests(server.port, REQUESTS));
    await server.close();
    big = await fs.readFile(file);
  }, 180_000);
  afterAll(async () => {
    await Promise.allSettled([a?.close(), b?.close(), local?.close()]);
    await moto?.stop();
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  });

  it('refuses to start when the bucket is missing or the endpoint unreachable, naming both', {
    timeout: 90_000,
  }, async () => {
    const missing = { ...settings, bucket: 'no-such-bucket' };
    await expect(
      createTestApp({ NETGUARD_DATA_DIR: dirs[1] as string, ...storageEnv(missing) }),
    ).rejects.toThrow(
      `Shared storage unusable: bucket "no-such-bucket" at ${moto.endpoint}: the bucket does not exist`,
    );
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const away = { ...settings, endpoint: `http://127.0.0.1:${port}` };
    await expect(
      createTestApp({ NETGUARD_DATA_DIR: dirs[1] as string, ...storageEnv(away) }),
    ).rejects.toThrow(
      new RegExp(
        `Shared storage unusable: bucket "${BUCKET}" at http://127\\.0\\.0\\.1:${port}: cannot connect \\(ECONNREFUSED`,
      ),
    );

    // The server itself, as `npm start` runs it: exits 1, saying why.
    const started = startServerProcess({
      DATABASE_URL: a.url,
      NETGUARD_DATA_DIR: dirs[1] as string,
      ...storageEnv(missing),
    });
    const error = await started.then(
      async (server) => {
        await server.stop();
        return new Error('the server started');
      },
      (e: unknown) => e as Error,
    );
    expect(error.message).toMatch(/server did not start \(exit 1\)/);
    expect(error.message).toContain(
      `Shared storage unusable: bucket \\"no-such-bucket\\" at ${moto.endpoint}: the bucket does not exist`,
    );
  });

  it('stores an HTTP upload as one object named by organization and capture id, nothing on local disk', {
    timeout: 60_000,
  }, async () => {
    expect(big.length).toBeGreaterThan(16 * 1024 * 1024);
    const port = (a.app.server.address() as AddressInfo).port;
    const res = await fetch(
      `http://127.0.0.1:${port}/api/packets/captures?name=${encodeURIComponent('../../etc/passwd.pcap')}`,
      {
        method: 'POST',
        headers: { ...alice.auth, 'content-type': 'application/octet-stream' },
        body: new Uint8Array(big),
      },
    );
    expect(res.status).toBe(201);
    const capture = (await res.json()) as { id: string; size_bytes: number; name: string };
    captureId = capture.id;
    expect(capture).toMatchObject({ size_bytes: big.length, name: '../../etc/passwd.pcap' });

    expect(await orgKeys(alice)).toEqual([
      `${PREFIX}captures/${alice.organizationId}/${captureId}.cap`,
    ]);
    const object = await moto.client.send(
      new GetObjectCommand({
        Bucket: BUCKET,
        Key: `${PREFIX}captures/${alice.organizationId}/${captureId}.cap`,
      }),
    );
    expect(
      sha256(
        await (
          object.Body as { transformToByteArray(): Promise<Uint8Array> }
        ).transformToByteArray(),
      ),
    ).toBe(sha256(big));
    expect(await captureFilesOnDisk(dirs[0] as string, alice.organizationId)).toEqual([]);
    expect(await openUploads(alice)).toEqual([]);
  });

  it('reads it back through the API (pages from checkpoints, filters, exports) as a local file reads', {
    timeout: 60_000,
  }, async () => {
    const stored = await uploadCapture(local, aliceLocal, 'lo-large.pcap', big);
    expect(stored.statusCode).toBe(201);
    localId = stored.json().id;
    const total = stored.json().packet_count as number;
    expect(total).toBeGreaterThan(2500);

    const queries: Record<string, string | number>[] = [
      { offset: 0, limit: 100 },
      // From the checkpoint after frame 2000: a ranged read from the middle of the object.
      { offset: 2400, limit: 50 },
      { offset: total - 10, limit: 50 },
      { filter: 'tcp.len > 1000', offset: 5, limit: 20 },
      { search: 'GET /page/1', limit: 30 },
    ];
    for (const query of queries) {
      const fromBucket = await page(a, alice, captureId, query);
      const fromDisk = await page(local, aliceLocal, localId, query);
      expect(fromBucket.statusCode).toBe(200);
      expect(fromBucket.json<TPacketPage>().packets.length, JSON.stringify(query)).toBeGreaterThan(
        0,
      );
      expect(fromBucket.json()).toEqual(fromDisk.json());
    }
    for (const query of ['', `?filter=${encodeURIComponent('tcp.len > 1000')}`]) {
      const fromBucket = await get(a, alice, `/api/packets/captures/${captureId}/export${query}`);
      const fromDisk = await get(
        local,
        aliceLocal,
        `/api/packets/captures/${localId}/export${query}`,
      );
      expect(fromBucket.statusCode).toBe(200);
      expect(fromBucket.rawPayload.length).toBeGreaterThan(1_000_000);
      expect(sha256(fromBucket.rawPayload)).toBe(sha256(fromDisk.rawPayload));
    }
  });

  it('serves the capture from a second instance with the same database and bucket but its own data dir', async () => {
    const list = await get(b, aliceOnB, '/api/packets/captures');
    expect(list.json().captures.map((c: { id: string }) => c.id)).toEqual([captureId]);
    const query = { offset: 2400, limit: 50 };
    expect((await page(b, aliceOnB, captureId, query)).json()).toEqual(
      (await page(a, alice, captureId, query)).json(),
    );
    const exported = await get(b, aliceOnB, `/api/packets/captures/${captureId}/export`);
    const fromDisk = await get(local, aliceLocal, `/api/packets/captures/${localId}/export`);
    expect(sha256(exported.rawPayload)).toBe(sha256(fromDisk.rawPayload));
    expect(await captureFilesOnDisk(dirs[1] as string, alice.organizationId)).toEqual([]);
  });

  it('keeps nothing of a refused or abandoned upload: no object, no multipart upload', {
    timeout: 60_000,
  }, async () => {
    const before = await orgKeys(alice);
    // Refused at its last record, after two 8 MiB parts went to the bucket.
    const cut = await uploadCapture(a, alice, 'cut.pcap', big.subarray(0, big.length - 7));
    expect(cut.statusCode).toBe(400);
    expect(cut.json().error.message).toMatch(/at byte offset \d+/);
    expect(await orgKeys(alice)).toEqual(before);
    expect(await openUploads(alice)).toEqual([]);

    const port = (a.app.server.address() as AddressInfo).port;
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/packets/captures?name=abandoned.pcap',
      headers: {
        ...alice.auth,
        'content-type': 'application/octet-stream',
        'content-length': big.length * 2,
      },
    });
    req.on('error', () => undefined);
    req.write(big);
    // A multipart upload is under way: the client leaves.
    await waitFor(async () => (await openUploads(alice)).length === 1, 10_000);
    req.destroy();
    await waitFor(async () => (await openUploads(alice)).length === 0, 10_000);
    expect(await orgKeys(alice)).toEqual(before);
    expect((await get(a, alice, '/api/packets/captures')).json().captures).toHaveLength(1);
  });

  it('deletes the object with the capture, through either instance', async () => {
    const del = await b.app.inject({
      method: 'DELETE',
      url: `/api/packets/captures/${captureId}`,
      headers: aliceOnB.auth,
    });
    expect(del.statusCode).toBe(204);
    expect(await orgKeys(alice)).toEqual([]);
    expect((await page(a, alice, captureId, { limit: 1 })).statusCode).toBe(404);
    expect((await get(a, alice, '/api/packets/captures')).json().captures).toEqual([]);
  });

  it('deletes the objects of the organizations that go with a deleted account', async () => {
    const carol = await createAccount(a, 'carol@example.com');
    const small = await firstFrames(path.join(dirs[2] as string, 'lo-large.pcap'), 300);
    for (const name of ['one.pcap', 'two.pcap'])
      expect((await uploadCapture(a, carol, name, small)).statusCode).toBe(201);
    expect(await orgKeys(carol)).toHaveLength(2);
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: carol.auth,
      payload: { password: PASSWORD, confirmation: 'DELETE' },
    });
    expect(res.statusCode).toBe(200);
    expect(await orgKeys(carol)).toEqual([]);
  });

  it('reads from any offset, the very end and a missing file as the local store does', async () => {
    const bucket = createS3CaptureStore(settings);
    const disk = createLocalCaptureStore(dirs[2] as string);
    const org = randomUUID();
    const id = randomUUID();
    const bytes = big.subarray(0, 3_000_000);
    for (const store of [bucket, disk]) {
      const writer = await store.create(org, id);
      writer.stream.write(bytes);
      await writer.finish();
      await writer.commit();
      expect(await store.size(org, id)).toBe(bytes.length);
    }
    const collect = async (chunks: AsyncIterable<Uint8Array>) => {
      const parts: Uint8Array[] = [];
      for await (const chunk of chunks) parts.push(chunk);
      return Buffer.concat(parts);
    };
    for (const start of [0, 1, 1_234_567, bytes.length - 1, bytes.length]) {
      const fromBucket = await collect(bucket.read(org, id, start));
      expect(fromBucket.equals(bytes.subarray(start))).toBe(true);
      expect(fromBucket.equals(await collect(disk.read(org, id, start)))).toBe(true);
    }
    for (const store of [bucket, disk]) {
      expect(await store.size(org, randomUUID())).toBeNull();
      await expect(collect(store.read(org, randomUUID()))).rejects.toMatchObject({
        code: 'ENOENT',
      });
      await store.removeOrganization(org);
      expect(await store.size(org, id)).toBeNull();
    }
    bucket.close();
  });

  it('answers 503 when the storage goes away: uploads keep nothing, reads say so', {
    timeout: 60_000,
  }, async () => {
    const gone = await startMoto();
    const elsewhere = await gone.bucket('soon-gone');
    const c = await createTestApp(
      { NETGUARD_DATA_DIR: dirs[1] as string, ...storageEnv(elsewhere) },
      {},
      a.url,
    );
    try {
      const small = await firstFrames(path.join(dirs[2] as string, 'lo-large.pcap'), 300);
      const kept = (await uploadCapture(a, alice, 'kept-in-a.pcap', small)).json().id as string;
      await gone.stop();
      // c looks for a's capture in its own (now unreachable) bucket.
      const read = await page(c, alice, kept, { limit: 10 });
      expect(read.statusCode).toBe(503);
      expect(read.headers['retry-after']).toBeDefined();
      const before = (await get(a, alice, '/api/packets/captures')).json().captures.length;
      const res = await uploadCapture(c, { ...alice }, 'lost.pcap', big);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toBe(
        'The capture file storage is unavailable. Try again in a few seconds.',
      );
      expect((await get(a, alice, '/api/packets/captures')).json().captures).toHaveLength(before);

      const store = createS3CaptureStore(elsewhere);
      const writer = await store.create(alice.organizationId, randomUUID());
      const chunks = (function* () {
        for (let at = 0; at < big.length; at += 64 * 1024) yield big.subarray(at, at + 64 * 1024);
      })();
      await expect(ingestCapture(Readable.from(chunks), writer, big.length)).rejects.toMatchObject({
        status: 503,
        cause: { code: 'ECONNREFUSED' },
      });
      await writer.discard();
      store.close();
    } finally {
      await c.close();
    }
  });

  it('sweeps objects no capture owns once they are old enough, and nothing else', async () => {
    const small = await firstFrames(path.join(dirs[2] as string, 'lo-large.pcap'), 300);
    const kept = (await uploadCapture(a, alice, 'kept.pcap', small)).json().id as string;
    const put = (Key: string) =>
      moto.client.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body: 'orphan' }));
    const goneOrg = `${PREFIX}captures/${randomUUID()}/${randomUUID()}.cap`;
    const unowned = `${PREFIX}captures/${alice.organizationId}/${randomUUID()}.cap`;
    const foreign = `${PREFIX}captures/notes.txt`;
    await Promise.all([put(goneOrg), put(unowned), put(foreign)]);
    const known = (org: string) => captureIds(a.db, org);

    // Fresh objects may be uploads whose row is being written: left alone.
    expect(await createS3CaptureStore(settings).sweep(known)).toBe(0);
    const sweeper = createS3CaptureStore(settings, { orphanAfterMs: 0 });
    expect(await sweeper.sweep(known)).toBe(2);
    sweeper.close();
    const keys = await moto.keys(BUCKET, PREFIX);
    expect(keys).toContain(`${PREFIX}captures/${alice.organizationId}/${kept}.cap`);
    expect(keys).toContain(foreign);
    expect(keys).not.toContain(goneOrg);
    expect(keys).not.toContain(unowned);
  });
});

/** Signs in on another instance: its own session for the same account. */
async function signInOn(ctx: TestContext, email: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password: PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return { auth: { authorization: `Bearer ${res.json().access_token}` } };
}
