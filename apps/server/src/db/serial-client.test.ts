import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { createDatabase } from './client.ts';

/** The test cluster's maintenance database: the template must stay free of connections. */
function maintenanceUrl(): string {
  const url = new URL(inject('templateDbUrl'));
  url.pathname = '/postgres';
  return url.toString();
}

describe('the pool clients (SerialClient)', () => {
  it("run a transaction's queries started together one after another, in order, without pg's warning", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const database = createDatabase(maintenanceUrl(), { max: 1 });
    try {
      const results = await database.db.transaction((tx) =>
        Promise.all(
          [1, 2, 3].map((n) =>
            tx.execute<{ n: number; at: string }>(
              sql`select ${n}::int as n, clock_timestamp()::text as at from pg_sleep(0.05)`,
            ),
          ),
        ),
      );
      expect(results.map((r) => r.rows[0]!.n)).toEqual([1, 2, 3]);
      const times = results.map((r) => r.rows[0]!.at);
      expect([...times].sort()).toEqual(times);
      // A failed query does not hold up the ones queued behind it.
      const [failed, after] = await Promise.allSettled([
        database.db.execute(sql`select 1/0`),
        database.db.execute<{ ok: number }>(sql`select 1 as ok`),
      ]);
      expect(failed.status).toBe('rejected');
      expect(after.status === 'fulfilled' && after.value.rows[0]!.ok).toBe(1);
    } finally {
      await database.close();
      // Node emits warnings on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      process.off('warning', onWarning);
    }
    expect(warnings.filter((w) => w.includes('already executing'))).toEqual([]);
  });
});
