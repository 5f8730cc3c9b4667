import type pg from 'pg';

// One feed import at a time in the whole deployment: a session advisory lock held on a dedicated
// connection for the length of the import. A killed worker's connection closes and frees it.
const FEED_LOCK_ID = 0x6e6766; // "ngf"

/**
 * Runs `fn` holding the feed-import lock; returns `busy` without running it when another
 * process (or this one) holds it.
 */
export async function withFeedLock<T>(
  pool: pg.Pool,
  fn: () => Promise<T>,
): Promise<{ busy: true } | { busy: false; value: T }> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1) as locked',
      [FEED_LOCK_ID],
    );
    if (!rows[0]?.locked) return { busy: true };
    try {
      return { busy: false, value: await fn() };
    } finally {
      await client.query('select pg_advisory_unlock($1)', [FEED_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}
