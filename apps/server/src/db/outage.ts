import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from '../lib/logger.ts';

/** Seconds a client is told to wait (Retry-After) while the database is unreachable. */
export const RETRY_AFTER_SECONDS = 5;

const BACKOFF_MS = [250, 500, 1_000, 2_000, 5_000] as const;

// Socket errors, and SQLSTATE admin_shutdown / crash_shutdown / cannot_connect_now; class 08 is
// "connection exception".
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
]);
// What node-postgres throws when a connection drops or none can be made in time.
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
];

/**
 * True when `error` means the database cannot be reached, as opposed to a query that failed:
 * node-postgres' own error, or one that Drizzle (a failed query) or a dual-stack connect
 * (AggregateError) wraps. Errors of other clients (fetch, SMTP) are not looked into.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause, query } = error as Record<string, unknown>;
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08')))
    return true;
  if (typeof message === 'string' && CONNECTION_MESSAGES.some((m) => m.test(message))) return true;
  if (error instanceof AggregateError)
    return error.errors.some((e) => isDatabaseUnavailable(e, depth + 1));
  return typeof query === 'string' && isDatabaseUnavailable(cause, depth + 1);
}

/**
 * Runs `fn`, and while it fails because the database is unreachable, runs it again with back-off
 * (250 ms up to 5 s) until it succeeds or `signal` aborts. Any other error is thrown at once.
 * `fn` must be safe to repeat.
 */
export async function whenDatabaseUp<T>(
  fn: () => Promise<T>,
  options: { signal?: AbortSignal; log?: Logger; task?: string } = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || options.signal?.aborted) throw error;
      const ms = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)] ?? 5_000;
      options.log?.warn(
        { component: 'postgres', err: error, retryInMs: ms },
        `database unreachable; ${options.task ?? 'a task'} waits for it`,
      );
      await delay(ms, undefined, { signal: options.signal }).catch(() => undefined);
    }
  }
}

/**
 * Keeps the process alive through database outages: pg-boss completes jobs and pg clients
 * report errors without awaiting them, so a lost connection can surface as an unhandled
 * rejection or an unhandled 'error' event. Those are logged; anything else still ends the process.
 */
export function surviveDatabaseOutages(log: Logger): void {
  const onError = (kind: string) => (error: unknown) => {
    if (isDatabaseUnavailable(error)) {
      log.warn({ err: error, component: 'postgres' }, `database unreachable (${kind})`);
      return;
    }
    log.fatal({ err: error }, kind);
    process.exit(1);
  };
  process.on('unhandledRejection', onError('unhandled rejection'));
  process.on('uncaughtException', onError('uncaught exception'));
}
