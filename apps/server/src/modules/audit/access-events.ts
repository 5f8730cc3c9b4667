import {
  eventRiskScore,
  type TPermissionAction,
  type TPermissionResource,
} from '@netguard/contracts';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../db/outage.ts';
import { organizations, users } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import type { RequestMeta } from './audit.repo.ts';
import { appendSecurityEvents } from './security-events.ts';

/** One permission check, as the guard saw it. */
export type AccessCheck = {
  userId: string;
  organizationId: string;
  resource: TPermissionResource;
  action: TPermissionAction;
  granted: boolean;
  /** The route, e.g. `POST /api/scans`. */
  route: string;
  /** Whether an API key (not a session) made the request. */
  apiKey: boolean;
  at: Date;
  meta: RequestMeta;
};

export type AccessEvents = {
  /** Queues the check's data_access event; never waits for the database. */
  record: (check: AccessCheck) => void;
  /** Writes everything queued so far. */
  flush: () => Promise<void>;
  /** Stops the timer and writes what is left (clean shutdown loses nothing). */
  close: () => Promise<void>;
  /** Events queued and not yet written. */
  pending: () => number;
};

const FLUSH_MS = 250;
const BATCH = 500;
/** While the database is away, at most this many events wait; older ones are dropped, counted. */
const MAX_QUEUED = 50_000;
const FOREIGN_KEY_VIOLATION = '23503';

const row = (check: AccessCheck) => {
  const severity = check.granted ? ('low' as const) : ('medium' as const);
  const verdict = check.granted ? 'granted' : 'denied';
  return {
    userId: check.userId as string | null,
    organizationId: check.organizationId as string | null,
    eventType: 'data_access' as const,
    severity,
    description: `Permission ${verdict}: ${check.action} on ${check.resource}`,
    metadata: {
      resource: check.resource,
      action: check.action,
      granted: check.granted,
      route: check.route,
      via: check.apiKey ? 'api_key' : 'session',
      riskScore: eventRiskScore('data_access', severity),
    },
    ipAddress: check.meta.ip,
    userAgent: check.meta.userAgent?.slice(0, 512) ?? null,
    createdAt: check.at,
  };
};
type Row = ReturnType<typeof row>;

/**
 * Batches the data_access events of permission checks off the request path (spec part 2 §6:
 * every check logs one, low when granted, medium when denied). A batch that names a user or
 * organization deleted meanwhile is written without the missing reference.
 */
export function createAccessEvents(db: Executor, log: Logger): AccessEvents {
  let queue: Row[] = [];
  let dropped = 0;
  let writing: Promise<void> = Promise.resolve();

  async function insert(rows: Row[]): Promise<void> {
    try {
      await appendSecurityEvents(db, rows);
    } catch (error) {
      if ((error as { cause?: { code?: string } }).cause?.code !== FOREIGN_KEY_VIOLATION)
        throw error;
      // Linked again: an event whose organization is gone joins the chain without one.
      await appendSecurityEvents(db, await withoutDeleted(db, rows));
    }
  }

  async function writeQueued(): Promise<void> {
    while (queue.length) {
      const batch = queue.slice(0, BATCH);
      try {
        await insert(batch);
        queue = queue.slice(batch.length);
      } catch (error) {
        if (isDatabaseUnavailable(error)) return; // kept for the next flush
        queue = queue.slice(batch.length);
        log.error({ err: error, events: batch.length }, 'data_access events could not be written');
      }
    }
    if (dropped) {
      log.warn({ dropped }, 'data_access events dropped while the database was unreachable');
      dropped = 0;
    }
  }

  const flush = () => {
    writing = writing.then(writeQueued);
    return writing;
  };
  const timer = setInterval(() => {
    if (queue.length) void flush();
  }, FLUSH_MS);
  timer.unref();

  return {
    record(check) {
      queue.push(row(check));
      if (queue.length > MAX_QUEUED) {
        dropped += queue.length - MAX_QUEUED;
        queue = queue.slice(-MAX_QUEUED);
      }
      if (queue.length >= BATCH) void flush();
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
    pending: () => queue.length,
  };
}

/** The rows with references to users or organizations that no longer exist set to null. */
async function withoutDeleted(db: Executor, rows: Row[]): Promise<Row[]> {
  const userIds = [...new Set(rows.map((r) => r.userId).filter((id) => id !== null))];
  const orgIds = [...new Set(rows.map((r) => r.organizationId).filter((id) => id !== null))];
  const liveUsers = new Set(
    userIds.length
      ? (await db.select({ id: users.id }).from(users).where(inArray(users.id, userIds))).map(
          (u) => u.id,
        )
      : [],
  );
  const liveOrgs = new Set(
    orgIds.length
      ? (
          await db
            .select({ id: organizations.id })
            .from(organizations)
            .where(inArray(organizations.id, orgIds))
        ).map((o) => o.id)
      : [],
  );
  return rows.map((r) => ({
    ...r,
    userId: r.userId && liveUsers.has(r.userId) ? r.userId : null,
    organizationId: r.organizationId && liveOrgs.has(r.organizationId) ? r.organizationId : null,
  }));
}
