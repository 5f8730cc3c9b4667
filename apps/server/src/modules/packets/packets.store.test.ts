import { randomUUID } from 'node:crypto';
import { readdirSync, readlinkSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CaptureWriter, createLocalCaptureStore, STALE_PART_MS } from './packets.store.ts';

let dataDir: string;
const org = randomUUID();

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'netguard-store-'));
});
afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

const folder = (organizationId = org) => path.join(dataDir, 'captures', organizationId);

async function write(writer: CaptureWriter, bytes: Buffer) {
  await new Promise<void>((resolve, reject) =>
    writer.stream.write(bytes, (error) => (error ? reject(error) : resolve())),
  );
}

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
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

describe('local capture store', () => {
  it('writes <data dir>/captures/<org>/<id>.cap.part, owner-only, and renames it on commit', async () => {
    const store = createLocalCaptureStore(dataDir);
    const id = randomUUID();
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));
    const writer = await store.create(org, id);
    await write(writer, bytes.subarray(0, 1000));
    expect(await fs.readdir(folder())).toEqual([`${id}.cap.part`]);
    expect((await fs.stat(folder())).mode & 0o777).toBe(0o700);
    expect((await fs.stat(path.join(folder(), `${id}.cap.part`))).mode & 0o777).toBe(0o600);
    await write(writer, bytes.subarray(1000));
    await writer.finish();
    // Finished but not yet owned by a row: still the part file the sweep knows as such.
    expect(await fs.readdir(folder())).toEqual([`${id}.cap.part`]);
    expect(await store.size(org, id)).toBeNull();
    await writer.commit();
    expect(await fs.readdir(folder())).toEqual([`${id}.cap`]);
    expect(store.pathOf(org, id)).toBe(path.join(folder(), `${id}.cap`));
    expect(await store.size(org, id)).toBe(bytes.length);

    expect((await collect(store.read(org, id))).equals(bytes)).toBe(true);
    expect((await collect(store.read(org, id, 123_457))).equals(bytes.subarray(123_457))).toBe(
      true,
    );
    expect(await collect(store.read(org, id, bytes.length))).toHaveLength(0);

    await store.remove(org, id);
    await store.remove(org, id);
    expect(await store.size(org, id)).toBeNull();
    expect(await fs.readdir(folder())).toEqual([]);
  });

  it('keeps nothing of a discarded upload, before or after its bytes were all written', async () => {
    const store = createLocalCaptureStore(dataDir);
    const early = await store.create(org, randomUUID());
    await write(early, Buffer.alloc(5000));
    await early.discard();
    const late = await store.create(org, randomUUID());
    await write(late, Buffer.alloc(5000));
    await late.finish();
    await late.discard();
    expect(await fs.readdir(folder())).toEqual([]);
  });

  it('opens the file on the first read and closes it when reading stops early', async () => {
    const store = createLocalCaptureStore(dataDir);
    const id = randomUUID();
    const writer = await store.create(org, id);
    await write(writer, Buffer.alloc(2 * 1024 * 1024));
    await writer.finish();
    await writer.commit();
    const chunks = store.read(org, id);
    expect(openFilesNamed(`${id}.cap`)).toBe(0);
    for await (const chunk of chunks) {
      expect(chunk.length).toBeGreaterThan(0);
      expect(openFilesNamed(`${id}.cap`)).toBe(1);
      break;
    }
    // Closed as the stream is destroyed, a moment after the loop stops.
    for (let i = 0; i < 50 && openFilesNamed(`${id}.cap`) > 0; i++) await delay(20);
    expect(openFilesNamed(`${id}.cap`)).toBe(0);
    await expect(collect(store.read(org, randomUUID()))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('sweeps files no row owns and parts cut off long ago, keeping owned files and fresh parts', async () => {
    const store = createLocalCaptureStore(dataDir);
    const gone = randomUUID();
    const [owned, unowned, oldPart, freshPart, goneFile] = Array.from({ length: 5 }, () =>
      randomUUID(),
    );
    await fs.mkdir(folder(), { recursive: true });
    await fs.mkdir(folder(gone), { recursive: true });
    for (const name of [
      `${owned}.cap`,
      `${unowned}.cap`,
      `${oldPart}.cap.part`,
      `${freshPart}.cap.part`,
    ])
      await fs.writeFile(path.join(folder(), name), 'x');
    await fs.writeFile(path.join(folder(gone), `${goneFile}.cap`), 'x');
    const longAgo = new Date(Date.now() - STALE_PART_MS - 60_000);
    await fs.utimes(path.join(folder(), `${oldPart}.cap.part`), longAgo, longAgo);
    await fs.mkdir(path.join(dataDir, 'captures', 'not-an-organization'));

    const removed = await store.sweep(async (organizationId) =>
      organizationId === org ? new Set([owned as string]) : new Set(),
    );
    expect(removed).toBe(3);
    expect((await fs.readdir(folder())).sort()).toEqual(
      [`${owned}.cap`, `${freshPart}.cap.part`].sort(),
    );
    // The deleted organization's folder went with its last file; other names are not ours.
    expect((await fs.readdir(path.join(dataDir, 'captures'))).sort()).toEqual(
      [org, 'not-an-organization'].sort(),
    );
  });

  it('removes a deleted organization’s folder, and nothing for a name that is not an id', async () => {
    const store = createLocalCaptureStore(dataDir);
    const id = randomUUID();
    const writer = await store.create(org, id);
    await writer.finish();
    await writer.commit();
    await store.removeOrganization('..');
    expect(await fs.readdir(folder())).toEqual([`${id}.cap`]);
    await store.removeOrganization(org);
    expect(await fs.readdir(path.join(dataDir, 'captures'))).toEqual([]);
  });
});
