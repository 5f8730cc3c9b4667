import { PassThrough, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageSettings } from '../../config.ts';
import {
  CaptureStorageError,
  type CaptureStore,
  type CaptureWriter,
  STALE_PART_MS,
  UUID,
} from './packets.store.ts';

/** Parts of a multipart upload: S3's minimum is 5 MiB; a 200 MB capture takes 24. */
const PART_BYTES = 8 * 1024 * 1024;
/** Parts of one upload in flight at once: at most this many parts of it are held in memory. */
const PARTS_IN_FLIGHT = 2;
/** The start check gives up after this long: a server that does not answer is unreachable. */
const CHECK_TIMEOUT_MS = 10_000;
const CAPTURE_KEY = /^([^/]+)\/([^/]+)\.cap$/;

/** A message naming what the storage said, for the person starting the server. */
function reason(error: unknown, settings: StorageSettings): string {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    if (status === 404 || error.name === 'NotFound' || error.name === 'NoSuchBucket')
      return 'the bucket does not exist';
    if (status === 403)
      return 'access denied: check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY and the bucket policy';
    if (status === 301 || status === 400)
      return `the storage refused the request (HTTP ${status}${error.name === 'Unknown' ? '' : ` ${error.name}`}): is the bucket in another region than STORAGE_REGION=${settings.region}?`;
    return `HTTP ${status ?? '?'} ${error.name}: ${error.message}`;
  }
  const err = error as { name?: string; code?: string; message?: string };
  if (err.name === 'AbortError' || err.name === 'TimeoutError')
    return `no answer within ${CHECK_TIMEOUT_MS / 1000} s`;
  if (err.name === 'CredentialsProviderError')
    return `no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (${err.message})`;
  if (err.code) return `cannot connect (${err.code}${err.message ? `: ${err.message}` : ''})`;
  return err.message ?? String(error);
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey');

/** Runs a storage call; its failure becomes a CaptureStorageError (503, the cause kept). */
async function storage<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw error instanceof CaptureStorageError ? error : new CaptureStorageError(error);
  }
}

/**
 * Capture files in an S3 bucket (or an S3-compatible store's), shared by every instance:
 * `<prefix>captures/<organization id>/<capture id>.cap`. An upload streams in as a multipart
 * upload that S3 shows only once complete; reads are ranged GETs streamed as they arrive, so the
 * packets code reads from a checkpoint without a local copy.
 */
export function createS3CaptureStore(
  settings: StorageSettings,
  {
    client = createS3Client(settings),
    orphanAfterMs = STALE_PART_MS,
  }: {
    client?: S3Client;
    /** How long an object no row owns is left alone by the sweep (an upload may be finishing). */
    orphanAfterMs?: number;
  } = {},
): CaptureStore & { client: S3Client; keyOf: (organizationId: string, id: string) => string } {
  const Bucket = settings.bucket;
  const root = `${settings.prefix}captures/`;
  const keyOf = (organizationId: string, id: string) => `${root}${organizationId}/${id}.cap`;
  const location = `s3://${Bucket}/${settings.prefix} at ${settings.endpoint ?? `AWS S3 (${settings.region})`}`;

  async function* listKeys(prefix: string) {
    let ContinuationToken: string | undefined;
    do {
      const page = await storage(() =>
        client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken })),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield object;
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  const remove = (Key: string) =>
    storage(() => client.send(new DeleteObjectCommand({ Bucket, Key })));

  return {
    location,
    client,
    keyOf,

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }), {
          abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
        });
      } catch (error) {
        throw new Error(
          `Shared storage unusable: bucket "${Bucket}" at ${settings.endpoint ?? `AWS S3 (region ${settings.region})`}: ${reason(error, settings)}`,
          { cause: error },
        );
      }
    },

    async create(organizationId, id): Promise<CaptureWriter> {
      const Key = keyOf(organizationId, id);
      const stream = new PassThrough({ highWaterMark: 256 * 1024 });
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: stream, ContentType: 'application/vnd.tcpdump.pcap' },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      // Starts reading the stream now; settles after the last part (or the abort of the upload).
      const done = upload.done().then(
        () => true,
        (error: unknown) => {
          // The writer sees the failure as an error on the stream it writes to.
          if (!stream.destroyed)
            stream.destroy(error instanceof Error ? error : new Error(String(error)));
          throw error;
        },
      );
      done.catch(() => undefined);
      return {
        stream,
        async finish() {
          stream.end();
          await storage(() => done);
        },
        async commit() {
          // S3 showed the object only once complete, after every byte was read and counted; a
          // crash between that and the row leaves an orphan for the sweep (after orphanAfterMs).
          // A crash before it leaves an incomplete multipart upload: a lifecycle rule of the
          // bucket (AbortIncompleteMultipartUpload) removes those.
        },
        async discard() {
          // Failing the body makes the upload abort its multipart upload once the parts in
          // flight are back; a single-part upload then never sends its PUT.
          if (!stream.destroyed) stream.destroy(new Error('capture upload discarded'));
          const stored = await done.catch(() => false);
          if (stored) await remove(Key).catch(() => undefined);
        },
      };
    },

    read(organizationId, id, start = 0) {
      const Key = keyOf(organizationId, id);
      return (async function* () {
        let body: Readable;
        try {
          const object = await client.send(
            new GetObjectCommand({ Bucket, Key, Range: start > 0 ? `bytes=${start}-` : undefined }),
          );
          body = object.Body as Readable;
        } catch (error) {
          // A checkpoint at the very end of the file: nothing follows it.
          if (error instanceof S3ServiceException && error.name === 'InvalidRange') return;
          if (isMissing(error))
            throw Object.assign(new Error(`capture file ${Key} is missing from the bucket`), {
              code: 'ENOENT',
            });
          throw new CaptureStorageError(error);
        }
        // Stopping early destroys the response, closing its connection.
        try {
          yield* body;
        } catch (error) {
          throw new CaptureStorageError(error);
        }
      })();
    },

    async size(organizationId, id) {
      try {
        const head = await client.send(
          new HeadObjectCommand({ Bucket, Key: keyOf(organizationId, id) }),
        );
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw new CaptureStorageError(error);
      }
    },

    async remove(organizationId, id) {
      await remove(keyOf(organizationId, id));
    },

    async removeOrganization(organizationId) {
      if (!UUID.test(organizationId)) return;
      for await (const object of listKeys(`${root}${organizationId}/`))
        await remove(object.Key as string);
    },

    async sweep(known) {
      const byOrganization = new Map<string, { Key: string; id: string; modified: number }[]>();
      for await (const object of listKeys(root)) {
        const match = CAPTURE_KEY.exec((object.Key as string).slice(root.length));
        if (!match || !UUID.test(match[1] as string)) continue;
        const list = byOrganization.get(match[1] as string) ?? [];
        list.push({
          Key: object.Key as string,
          id: match[2] as string,
          modified: object.LastModified?.getTime() ?? Date.now(),
        });
        byOrganization.set(match[1] as string, list);
      }
      let removed = 0;
      for (const [org, objects] of byOrganization) {
        const ids = await known(org).catch(() => null);
        if (!ids) continue;
        for (const object of objects) {
          // An upload completes before its row is written: a fresh object may be about to be
          // owned, so only one unowned for longer than an upload could take goes.
          if (ids.has(object.id) || Date.now() - object.modified < orphanAfterMs) continue;
          await remove(object.Key);
          removed += 1;
        }
      }
      return removed;
    },

    close() {
      client.destroy();
    },
  };
}

/** The S3 client: path-style addressing for an S3-compatible endpoint, bounded waits. */
export function createS3Client(settings: StorageSettings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.endpoint !== undefined,
    credentials: settings.credentials,
    requestHandler: {
      connectionTimeout: 5_000,
      // A read paused by a slow download, or a store that stopped answering, fails after this.
      socketTimeout: 120_000,
    },
  });
}
