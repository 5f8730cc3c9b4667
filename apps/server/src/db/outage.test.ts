import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findFreePort } from '../lib/net.ts';
import { createDatabase } from './client.ts';
import { isDatabaseUnavailable, whenDatabaseUp } from './outage.ts';

describe('isDatabaseUnavailable', () => {
  it('recognises a query on a database nobody listens for, and nothing else', async () => {
    const port = await findFreePort();
    const database = createDatabase(`postgres://u:p@127.0.0.1:${port}/none`, { max: 1 });
    const failed = await database.db.execute(sql`select 1`).catch((error: unknown) => error);
    await database.close();
    expect(isDatabaseUnavailable(failed)).toBe(true);
    const fetched = await fetch(`http://127.0.0.1:${port}/`).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(fetched)).toBe(false);
    expect(isDatabaseUnavailable(new Error('duplicate key value'))).toBe(false);
  });

  it('whenDatabaseUp gives up waiting once its signal aborts, and throws other errors at once', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    let calls = 0;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 600);
    const waited = whenDatabaseUp(
      async () => {
        calls++;
        throw refused;
      },
      { signal: controller.signal },
    );
    await expect(waited).rejects.toBe(refused);
    expect(calls).toBeGreaterThanOrEqual(2);
    const other = new Error('syntax error');
    await expect(whenDatabaseUp(() => Promise.reject(other))).rejects.toBe(other);
  });
});
