import {
  FEED_LABELS,
  FEED_SOURCE_VALUES,
  type TFeedImport,
  type TFeedSource,
  type TFeedStatus,
} from '@netguard/contracts';
import type pg from 'pg';
import type { FeedSettings } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { failStaleIfIdle, runImport } from './feeds.import.ts';
import { heldRows, lastScheduled, latestImports, toFeedImport } from './feeds.repo.ts';
import { nextRunAt } from './feeds.schedule.ts';
import { FEED_TEXT } from './feeds.text.ts';

export type FeedService = ReturnType<typeof createFeedService>;

/** Feed status for everyone signed in; uploads for the deployment's operators. */
export function createFeedService(deps: {
  db: Executor;
  pool: pg.Pool;
  settings: FeedSettings;
  log: Logger;
  isOperator: (userId: string) => Promise<boolean>;
}) {
  const { db, settings } = deps;
  return {
    async status(auth: AuthContext): Promise<TFeedStatus> {
      await failStaleIfIdle(deps);
      const { latest, lastSuccess } = await latestImports(db);
      const rows = await heldRows(db);
      const importOf = (row: Parameters<typeof toFeedImport>[0] | undefined) =>
        row ? toFeedImport(row) : null;
      return {
        offline: settings.offline,
        interval_hours: settings.intervalHours,
        next_run_at: nextRunAt(settings, await lastScheduled(db))?.toISOString() ?? null,
        can_upload: await deps.isOperator(auth.userId),
        sources: FEED_SOURCE_VALUES.map((source) => ({
          source,
          label: FEED_LABELS[source],
          url: settings.urls[source],
          latest: importOf(latest.get(source)),
          last_success: importOf(lastSuccess.get(source)),
          rows: rows[source],
        })),
      };
    },

    /** Only the deployment's operators may upload: feeds are shared by every organization. */
    async assertCanUpload(auth: AuthContext): Promise<void> {
      if (!(await deps.isOperator(auth.userId)))
        throw new AppError('forbidden', 403, FEED_TEXT.operatorsOnly);
    },

    /** Imports an uploaded feed file; a file that cannot be read is recorded as failed (422). */
    async upload(
      auth: AuthContext,
      source: TFeedSource,
      file: { name: string; bytes: Buffer },
    ): Promise<TFeedImport> {
      await this.assertCanUpload(auth);
      if (!file.bytes.length) throw new AppError('bad_request', 400, FEED_TEXT.empty);
      const outcome = await runImport(deps, {
        source,
        origin: `upload: ${file.name}`.slice(0, 300),
        trigger: 'upload',
        startedBy: auth.userId,
        read: async () => ({ files: [file], errors: [] }),
      });
      if (outcome.busy) throw new AppError('conflict', 409, FEED_TEXT.busy);
      const done = outcome.value;
      if (done.status === 'failed')
        throw new AppError('bad_request', 422, done.errors[0] ?? 'The import failed.', {
          import: done,
        });
      return done;
    },
  };
}
