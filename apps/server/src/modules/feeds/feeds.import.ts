import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { FEED_LABELS, FEED_UPLOAD_MAX_BYTES } from '@netguard/contracts';
import { parseFeed } from '@netguard/engine';
import type pg from 'pg';
import type { Executor } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import { traceLog } from '../../lib/request-id.ts';
import { reassessAllOrganizations } from '../risk/risk.assess.ts';
import { type FeedData, mergeFeedData } from './feeds.data.ts';
import type { FeedFile } from './feeds.fetch.ts';
import { withFeedLock } from './feeds.lock.ts';
import { type Reevaluated, reevaluate } from './feeds.reevaluate.ts';
import {
  failStaleImports,
  finishImport,
  insertRunning,
  type NewImport,
  toFeedImport,
} from './feeds.repo.ts';
import { FEED_TEXT } from './feeds.text.ts';
import { writeFeed } from './feeds.write.ts';

export type ImportDeps = {
  db: Executor;
  pool: pg.Pool;
  log: Logger;
};

export type ImportRequest = NewImport & {
  /** The feed's files (fetched or uploaded) and the problems met getting them. */
  read: () => Promise<{ files: FeedFile[]; errors: string[] }>;
  /** Asked once the lock is held: false when another process has done the work meanwhile. */
  stillDue?: () => Promise<boolean>;
};

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** gzip (as FIRST ships EPSS) is unpacked; anything else is handed over as it came. */
function unpacked(file: FeedFile): Buffer {
  if (file.bytes[0] !== 0x1f || file.bytes[1] !== 0x8b) return file.bytes;
  try {
    return gunzipSync(file.bytes, { maxOutputLength: FEED_UPLOAD_MAX_BYTES * 4 });
  } catch (error) {
    throw new Error(`${file.name}: cannot unpack gzip data (${message(error)})`);
  }
}

function fingerprint(files: readonly FeedFile[]) {
  const hash = createHash('sha256');
  let bytes = 0;
  for (const file of files) {
    hash.update(file.bytes);
    bytes += file.bytes.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Fails the imports a stopped worker left running, unless an import is running now. */
export async function failStaleIfIdle(deps: Pick<ImportDeps, 'db' | 'pool'>): Promise<void> {
  await withFeedLock(deps.pool, () => failStaleImports(deps.db));
}

/**
 * Runs one import under the deployment's feed lock (`busy` when another process holds it, or
 * when the import is no longer due once it is held): records it as running, reads its files,
 * parses them with the engine and stores the result with the re-evaluation of the open
 * vulnerabilities it touches, in one transaction. An unreadable file fails the import and
 * changes nothing; a bad record makes it partial.
 */
export async function runImport(deps: ImportDeps, request: ImportRequest) {
  const { db } = deps;
  // An upload's import logs under its request's id, a scheduled one under its tick's.
  const log = traceLog(deps.log);
  const outcome = await withFeedLock(deps.pool, async () => {
    const stale = await failStaleImports(db);
    if (stale) log.warn({ component: 'feeds', stale }, 'feed imports left running were failed');
    if (request.stillDue && !(await request.stillDue())) return null;
    const id = await insertRunning(db, request);
    const fail = (errors: string[], fields = {}) =>
      finishImport(db, id, { status: 'failed', errors, ...fields });
    let got: Awaited<ReturnType<ImportRequest['read']>>;
    try {
      got = await request.read();
    } catch (error) {
      return fail([message(error)]);
    }
    const print = fingerprint(got.files);
    let data: FeedData;
    try {
      data = mergeFeedData(got.files.map((f) => parseFeed(request.source, unpacked(f), f.name)));
    } catch (error) {
      return fail([FEED_TEXT.unreadable(FEED_LABELS[request.source], message(error))], print);
    }
    const errors = [...got.errors, ...data.errors];
    let changed: Reevaluated[] = [];
    try {
      const done = await db.transaction(async (tx) => {
        const written = await writeFeed(tx, data, id, request.source);
        changed = await reevaluate(tx, {
          importId: id,
          newKev: written.newKev,
          fixes: data.distributions,
        });
        return finishImport(tx, id, {
          status: errors.length ? 'partial' : 'succeeded',
          feedVersion: data.feedVersion,
          catalogDate: data.catalogDate,
          ...print,
          counts: {
            records: data.counts.records,
            imported: data.counts.imported - written.notHeld,
            skipped: data.counts.skipped + written.notHeld,
          },
          errors,
        });
      });
      if (changed.length)
        log.info({ component: 'feeds', changed: changed.length }, 'vulnerabilities re-evaluated');
      // KEV, EPSS, SSVC and fixes are inputs of every assessment: assess again with the new data.
      await reassessAllOrganizations(db).catch((error: unknown) =>
        log.error({ err: error, component: 'feeds' }, 're-assessing risk after the import failed'),
      );
      return done;
    } catch (error) {
      log.error({ err: error, component: 'feeds' }, 'storing a feed failed');
      return fail([`Storing the feed failed: ${message(error)}`], print);
    }
  });
  if (outcome.busy || !outcome.value) return { busy: true as const };
  return { busy: false as const, value: toFeedImport(outcome.value) };
}
