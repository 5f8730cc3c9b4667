import { ZFeedStatus } from '@netguard/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epssScores, feedImports, kevEntries } from '../src/db/schema.ts';
import { epssFile, kevFile, sha256, uploadFeed } from './feeds-helpers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
let operator: Account;
let admin: Account;

beforeAll(async () => {
  ctx = await createTestApp({ NETGUARD_OPERATORS: 'ops@example.com', NETGUARD_OFFLINE: '1' });
  operator = await createAccount(ctx, 'ops@example.com');
  admin = await createAccount(ctx, 'admin@example.com');
});
afterAll(() => ctx.close());

const kevRows = () => ctx.db.select().from(kevEntries).orderBy(asc(kevEntries.cveId));

describe('POST /api/feeds/:source/upload', () => {
  it('imports a KEV file from an operator and records its provenance', async () => {
    const file = kevFile([
      { cve: 'CVE-2024-6387', added: '2024-07-15' },
      { cve: 'CVE-2023-44487', added: '2023-10-10' },
    ]);
    const res = await uploadFeed(ctx, operator, 'kev', file);
    expect(res.statusCode).toBe(201);
    const run = res.json();
    expect(run).toMatchObject({
      source: 'kev',
      trigger: 'upload',
      status: 'succeeded',
      origin: 'upload: kev upload',
      feed_version: '2026.11.20',
      catalog_date: '2026-11-20T12:00:00.000Z',
      sha256: sha256(file),
      bytes: file.length,
      counts: { records: 2, imported: 2, skipped: 0 },
      errors: [],
    });
    expect((await kevRows()).map((r) => [r.cveId, r.dateAdded])).toEqual([
      ['CVE-2023-44487', '2023-10-10'],
      ['CVE-2024-6387', '2024-07-15'],
    ]);

    const status = await ctx.app.inject({ method: 'GET', url: '/api/feeds', headers: admin.auth });
    expect(status.statusCode).toBe(200);
    const body = ZFeedStatus.parse(status.json());
    expect(body).toMatchObject({ offline: true, interval_hours: null, next_run_at: null });
    expect(body.can_upload).toBe(false);
    const kev = body.sources.find((s) => s.source === 'kev');
    expect(kev).toMatchObject({ rows: 2, latest: { id: run.id }, last_success: { id: run.id } });
  });

  it('refuses an organization admin who is not a deployment operator', async () => {
    const res = await uploadFeed(
      ctx,
      admin,
      'kev',
      kevFile([{ cve: 'CVE-2021-44228', added: '2021-12-10' }]),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(/only its deployment operators may upload them/);
    expect((await kevRows()).map((r) => r.cveId)).not.toContain('CVE-2021-44228');
  });

  it('records an unreadable file as failed and leaves the held rows as they were', async () => {
    const before = await kevRows();
    const broken = Buffer.from('{"catalogVersion": "2026.11.21", "vulnerabilities": [');
    const res = await uploadFeed(ctx, operator, 'kev', broken);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(
      /could not be read as CISA Known Exploited.*Nothing was changed/,
    );
    const [failed] = await ctx.db
      .select()
      .from(feedImports)
      .where(eq(feedImports.sha256, sha256(broken)));
    expect(failed).toMatchObject({ status: 'failed', bytes: broken.length, counts: null });
    expect(await kevRows()).toEqual(before);
    const status = ZFeedStatus.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/feeds', headers: operator.auth })).json(),
    );
    const kev = status.sources.find((s) => s.source === 'kev');
    expect(kev?.latest?.status).toBe('failed');
    expect(kev?.last_success?.status).toBe('succeeded');
    expect(kev?.rows).toBe(2);
    expect(status.can_upload).toBe(true);
  });

  it('stores the good records of a file with a bad one and marks the import partial', async () => {
    const file = kevFile([{ cve: 'CVE-2023-38408', added: '2023-08-01' }], { broken: true });
    const res = await uploadFeed(ctx, operator, 'kev', file);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'partial',
      counts: { records: 2, imported: 1, skipped: 1 },
    });
    expect(res.json().errors.length).toBeGreaterThan(0);
    expect((await kevRows()).map((r) => r.cveId)).toEqual([
      'CVE-2023-38408',
      'CVE-2023-44487',
      'CVE-2024-6387',
    ]);
  });

  it('keeps EPSS history per CVE and score date, with the model version of each file', async () => {
    const first = epssFile('v2025.03.14', '2026-11-19', [
      ['CVE-2024-6387', 0.02, 0.8],
      ['CVE-1999-0001', 0.5, 0.9],
    ]);
    const boundary = 'feedBoundary42';
    const multipart = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="epss_scores-2026-11-19.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      first,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const one = await uploadFeed(
      ctx,
      operator,
      'epss',
      multipart,
      `multipart/form-data; boundary=${boundary}`,
    );
    expect(one.statusCode).toBe(201);
    expect(one.json()).toMatchObject({
      origin: 'upload: epss_scores-2026-11-19.csv',
      feed_version: 'v2025.03.14',
      sha256: sha256(first),
      // CVE-1999-0001 is named by no advisory, KEV entry or vulnerability: not kept.
      counts: { records: 2, imported: 1, skipped: 1 },
    });
    const second = epssFile('v2026.01.01', '2026-11-20', [['CVE-2024-6387', 0.41, 0.97]]);
    const two = await uploadFeed(
      ctx,
      operator,
      'epss',
      second,
      'text/csv',
      'epss_scores-2026-11-20.csv',
    );
    expect(two.json()).toMatchObject({ origin: 'upload: epss_scores-2026-11-20.csv' });
    const rows = await ctx.db
      .select()
      .from(epssScores)
      .orderBy(asc(epssScores.cveId), asc(epssScores.scoreDate));
    expect(rows.map((r) => [r.cveId, r.scoreDate, r.score, r.percentile, r.modelVersion])).toEqual([
      ['CVE-2024-6387', '2026-11-19', 0.02, 0.8, 'v2025.03.14'],
      ['CVE-2024-6387', '2026-11-20', 0.41, 0.97, 'v2026.01.01'],
    ]);
  });

  it('answers 400 for an unknown feed and an empty body', async () => {
    const unknown = await uploadFeed(ctx, operator, 'cvrf', Buffer.from('x'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toMatch(/Feed must be one of nvd, kev, epss/);
    const empty = await uploadFeed(ctx, operator, 'kev', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
  });

  it('needs a signed-in user for the status', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/feeds' })).statusCode).toBe(401);
  });
});
