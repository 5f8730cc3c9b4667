import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { AppError } from '../../lib/errors.ts';
import { PACKET_TEXT } from './packets.text.ts';

/** Partial uploads older than this were cut off by a crash: their request is long gone. */
export const STALE_PART_MS = 60 * 60 * 1000;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The shared storage did not answer or failed (a 503 that says so, never a 500, nor the database
 * outage message); `cause` is the storage client's error, logged with it.
 */
export class CaptureStorageError extends AppError {
  constructor(cause: unknown) {
    super('service_unavailable', 503, PACKET_TEXT.storageUnavailable);
    this.cause = cause;
  }
}

/** One capture file being stored while its upload streams in. */
export type CaptureWriter = {
  /** The file's bytes go here, in order; an 'error' on it means they are not being kept. */
  readonly stream: Writable;
  /** Ends the stream and resolves once every byte written is stored. */
  finish(): Promise<void>;
  /** The capture's row exists now: the stored file becomes that capture's. */
  commit(): Promise<void>;
  /** Keeps nothing of the file, whatever stage it reached; never throws. */
  discard(): Promise<void>;
};

/**
 * Where capture files live: local disk (createLocalCaptureStore) or an S3 bucket shared by every
 * instance (createS3CaptureStore). A file is named by its organization's id and its capture's id,
 * uuids from the server, never by user text, and never changes once stored.
 */
export type CaptureStore = {
  /** Where the files are, for messages: a folder, or s3://bucket/prefix and the endpoint. */
  readonly location: string;
  /** Checks at start that files can be kept there; throws a message naming the place. */
  check(): Promise<void>;
  /** Starts storing capture `id` of the organization. */
  create(organizationId: string, id: string): Promise<CaptureWriter>;
  /**
   * The file's bytes from byte `start` (a reader checkpoint's offset) to its end, in chunks;
   * fetched on first iteration, and released when the iteration stops early.
   */
  read(organizationId: string, id: string, start?: number): AsyncIterable<Uint8Array>;
  /** The stored file's size in bytes, or null when there is none. */
  size(organizationId: string, id: string): Promise<number | null>;
  /** Removes a capture's file; a file already gone is fine. */
  remove(organizationId: string, id: string): Promise<void>;
  /** Removes every capture file of an organization that was deleted. */
  removeOrganization(organizationId: string): Promise<void>;
  /**
   * Deletes files no row points to any more (their organization or user was deleted, or an
   * upload was cut off by a crash). `known` gives the capture ids an organization still has.
   */
  sweep(known: (organizationId: string) => Promise<Set<string>>): Promise<number>;
  /** Lets go of connections (the server is closing). */
  close(): void;
};

/**
 * Capture files on this machine: `<data dir>/captures/<organization id>/<capture id>.cap`,
 * written as `.cap.part` while an upload streams in and renamed once the capture's row exists.
 */
export function createLocalCaptureStore(dataDir: string): CaptureStore & {
  pathOf: (organizationId: string, id: string) => string;
} {
  const root = path.join(dataDir, 'captures');
  const folder = (organizationId: string) => path.join(root, organizationId);
  const pathOf = (organizationId: string, id: string) =>
    path.join(folder(organizationId), `${id}.cap`);

  return {
    location: root,
    pathOf,

    async check() {
      // The folder is made per organization on first upload; nothing to check up front.
    },

    async create(organizationId, id) {
      // Owner-only: captures hold other people's traffic.
      await fs.mkdir(folder(organizationId), { recursive: true, mode: 0o700 });
      const part = path.join(folder(organizationId), `${id}.cap.part`);
      const out = createWriteStream(part, { flags: 'wx', mode: 0o600 });
      // Reported through the stream's users (the ingest checks it); never an uncaught error.
      out.on('error', () => undefined);
      return {
        stream: out,
        async finish() {
          out.end();
          await finished(out);
        },
        async commit() {
          // Renamed only once the row exists: the orphan sweep never sees a finished file unowned.
          await fs.rename(part, pathOf(organizationId, id));
        },
        async discard() {
          await closeStream(out);
          await fs.rm(part, { force: true }).catch(() => undefined);
        },
      };
    },

    read(organizationId, id, start = 0) {
      return fileChunks(pathOf(organizationId, id), start);
    },

    async size(organizationId, id) {
      const stat = await fs.stat(pathOf(organizationId, id)).catch(() => null);
      return stat ? stat.size : null;
    },

    async remove(organizationId, id) {
      await fs.rm(pathOf(organizationId, id), { force: true });
    },

    async removeOrganization(organizationId) {
      if (UUID.test(organizationId))
        await fs.rm(folder(organizationId), { recursive: true, force: true });
    },

    async sweep(known) {
      const orgs = await fs.readdir(root).catch(() => [] as string[]);
      let removed = 0;
      for (const org of orgs.filter((name) => UUID.test(name))) {
        const dir = folder(org);
        const ids = await known(org).catch(() => null);
        if (!ids) continue;
        for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
          const file = path.join(dir, name);
          const id = name.replace(/\.cap(\.part)?$/, '');
          const stale = name.endsWith('.part')
            ? Date.now() - (await fs.stat(file)).mtimeMs > STALE_PART_MS
            : !ids.has(id);
          if (stale) {
            await fs.rm(file, { force: true });
            removed += 1;
          }
        }
        if (ids.size === 0) await fs.rmdir(dir).catch(() => undefined);
      }
      return removed;
    },

    close() {},
  };
}

// Opened on first read, so a reader that is never iterated holds no file descriptor.
async function* fileChunks(file: string, start: number): AsyncGenerator<Uint8Array> {
  yield* createReadStream(file, { start, highWaterMark: 256 * 1024 });
}

/** Destroys the stream and waits until its file is closed, so removing the file afterwards sticks. */
function closeStream(out: WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (out.closed) return resolve();
    out.once('close', () => resolve());
    out.destroy();
  });
}
