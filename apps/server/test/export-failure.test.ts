import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vulnerabilities } from '../src/db/schema.ts';
import { DOWNLOAD_FAILED_LINE } from '../src/lib/text-download.ts';
import { dueFrom } from '../src/modules/vulnerabilities/vulnerabilities.lifecycle.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { ago, seedScan } from './seed.ts';

/**
 * The vulnerability export streams in batches of 1000 rows: when the database fails part-way,
 * the download must say so and fail, not end as a shorter file that looks whole.
 */

// Enough rows (about 35 MB of CSV) that a client that stops reading holds the export mid-way.
const ROWS = 5000;

let ctx: TestContext;
let base: string;
let alice: Account;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  alice = await createAccount(ctx, 'alice@example.com');
  const scan = await seedScan(ctx, alice, { status: 'completed', type: 'vulnerability' });
  const seen = ago(30);
  for (let start = 0; start < ROWS; start += 500) {
    await ctx.db.insert(vulnerabilities).values(
      Array.from({ length: 500 }, (_, i) => ({
        scanId: scan.id,
        userId: alice.userId,
        organizationId: alice.organizationId,
        title: `finding ${start + i}`,
        host: '127.0.0.1',
        port: 1 + start + i,
        vulnerabilityType: 'misconfiguration',
        severity: 'low' as const,
        description: 'd'.repeat(3500),
        solution: 's'.repeat(3500),
        createdAt: seen,
        firstSeenAt: seen,
        lastSeenAt: seen,
        dueAt: dueFrom('low', seen),
        lastScanId: scan.id,
      })),
    );
  }
}, 120_000);
afterAll(() => ctx?.close());

const renameTable = (from: string, to: string) =>
  ctx.db.execute(sql.raw(`alter table ${from} rename to ${to}`));

type Download = { status: number; body: string; complete: boolean };

/** GET the CSV export over a real socket; `whilePaused` runs once the first bytes are in. */
function download(whilePaused?: () => Promise<void>): Promise<Download> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}/api/vulnerabilities/export?format=csv`,
      { headers: alice.auth },
      (res) => {
        const parts: Buffer[] = [];
        let paused = false;
        const finish = () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(parts).toString('utf8'),
            complete: res.complete,
          });
        res.on('data', (chunk: Buffer) => {
          parts.push(chunk);
          if (paused || !whilePaused) return;
          paused = true;
          res.pause();
          whilePaused().then(() => res.resume(), reject);
        });
        res.on('close', finish);
      },
    );
    request.on('error', reject);
  });
}

describe('vulnerability export when the database fails', () => {
  it('ends with a line saying the file is incomplete and cuts the transfer, when it fails mid-way', {
    timeout: 120_000,
  }, async () => {
    const result = await download(async () => {
      // The client stopped reading: the server fills the socket and waits between batches.
      await delay(2_000);
      await renameTable('vulnerabilities', 'vulnerabilities_away');
    });
    await renameTable('vulnerabilities_away', 'vulnerabilities');
    expect(result.status).toBe(200);
    const rows = result.body.split('\r\n').length - 2;
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(ROWS);
    expect(result.body.endsWith(DOWNLOAD_FAILED_LINE)).toBe(true);
    expect(result.complete).toBe(false);
  });

  it('answers an error before any byte of the file when the first batch fails', async () => {
    await renameTable('vulnerabilities', 'vulnerabilities_away');
    try {
      const result = await download();
      expect(result.status).toBe(500);
      expect(JSON.parse(result.body).error.code).toBe('internal_error');
      expect(result.complete).toBe(true);
    } finally {
      await renameTable('vulnerabilities_away', 'vulnerabilities');
    }
  });

  it('still exports every row when nothing fails', { timeout: 120_000 }, async () => {
    const result = await download();
    expect(result.status).toBe(200);
    expect(result.complete).toBe(true);
    expect(result.body.split('\r\n').length - 2).toBe(ROWS);
  });
});
