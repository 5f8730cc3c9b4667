import { TEXT_MESSAGES } from '@netguard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { createScan } from './scan-helpers.ts';
import { ago, seedScan, subscribe } from './seed.ts';

let ctx: TestContext;
let owner: Account;
let stranger: Account;

const DAY = 24 * 60;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, 'history@example.com');
  stranger = await createAccount(ctx, 'stranger@example.com');
  // Eight scans of the owner, newest first: "Weekly 7" .. "Weekly 0", one a day.
  for (let i = 0; i < 8; i++) {
    await seedScan(ctx, owner, {
      name: `Weekly ${i}`,
      status: i % 2 === 0 ? 'completed' : 'failed',
      type: i < 4 ? 'port' : 'vulnerability',
      targets: [`127.0.${i}.0/24`, `host${i}.lab.example`],
      createdAt: ago((8 - i) * DAY),
    });
  }
  await seedScan(ctx, owner, { name: 'Odd_100% name', status: 'cancelled', createdAt: ago(60) });
  await seedScan(ctx, stranger, {
    name: 'Weekly secret',
    status: 'completed',
    targets: ['192.0.2.99'],
  });
});
afterAll(() => ctx.close());

type Item = { scan_name: string; status: string; scan_type: string; created_at: string };

async function list(owner: Account, query = '') {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/scans${query}`,
    headers: owner.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Item[]; total: number };
}

const names = (page: { items: Item[] }) => page.items.map((item) => item.scan_name);

describe('GET /api/scans: every scan of the organization, paged', () => {
  it('reaches scans older than the dashboard’s five, newest first, with no repeats', async () => {
    const first = await list(owner, '?limit=5');
    const second = await list(owner, '?limit=5&offset=5');
    expect(first.total).toBe(9);
    expect(names(first)).toEqual(['Odd_100% name', 'Weekly 7', 'Weekly 6', 'Weekly 5', 'Weekly 4']);
    expect(names(second)).toEqual(['Weekly 3', 'Weekly 2', 'Weekly 1', 'Weekly 0']);
  });

  it('filters by status, type and date, and counts the matches', async () => {
    const failed = await list(owner, '?status=failed');
    expect(names(failed)).toEqual(['Weekly 7', 'Weekly 5', 'Weekly 3', 'Weekly 1']);
    expect(failed.total).toBe(4);

    const both = await list(owner, '?status=completed&scan_type=port');
    expect(names(both)).toEqual(['Weekly 2', 'Weekly 0']);

    const day = (minutes: number) => ago(minutes).toISOString().slice(0, 10);
    const oneDay = await list(owner, `?from=${day(5 * DAY)}&to=${day(5 * DAY)}`);
    expect(names(oneDay)).toEqual(['Weekly 3']);
    const since = await list(owner, `?from=${encodeURIComponent(ago(2.5 * DAY).toISOString())}`);
    expect(names(since)).toEqual(['Odd_100% name', 'Weekly 7', 'Weekly 6']);
  });

  it('searches the name or any target, case-insensitively, with % and _ taken literally', async () => {
    expect(names(await list(owner, '?q=weekly%205'))).toEqual(['Weekly 5']);
    expect(names(await list(owner, '?q=127.0.6.'))).toEqual(['Weekly 6']);
    expect(names(await list(owner, '?q=HOST3.LAB'))).toEqual(['Weekly 3']);
    expect(names(await list(owner, '?q=100%25'))).toEqual(['Odd_100% name']);
    expect((await list(owner, '?q=1%25')).total).toBe(0);
    expect((await list(owner, '?q=y_1')).total).toBe(0);
  });

  it('answers 400 with the reason for bad filters, never 500', async () => {
    const cases: [string, string][] = [
      ['?status=done', 'status must be one of pending, running, completed, failed, cancelled'],
      ['?scan_type=quick', 'scan_type must be one of network, port, vulnerability, comprehensive'],
      ['?from=yesterday', 'from must be a date (YYYY-MM-DD)'],
      ['?from=2026-02-30', 'from must be a date (YYYY-MM-DD)'],
      ['?from=2026-05-02&to=2026-05-01', 'from must not be after to'],
      [`?q=${'x'.repeat(101)}`, 'Search must be at most 100 characters'],
      ['?limit=0', ''],
      ['?limit=101', ''],
      ['?offset=-1', ''],
      ['?status=completed&status=failed', ''],
      ['?q=a%00b', TEXT_MESSAGES.nul],
    ];
    for (const path of ['/api/scans', '/api/scans/export']) {
      for (const [query, message] of cases) {
        if (path.endsWith('export') && /^\?(limit|offset)=/.test(query)) continue;
        const res = await ctx.app.inject({
          method: 'GET',
          url: `${path}${query}`,
          headers: owner.auth,
        });
        expect(res.statusCode, `${path}${query}`).toBe(400);
        expect(res.json().error.message, `${path}${query}`).toContain(message);
      }
    }
    const format = await ctx.app.inject({
      method: 'GET',
      url: '/api/scans/export?format=xml',
      headers: owner.auth,
    });
    expect(format.statusCode).toBe(400);
    expect(format.json().error.message).toContain('format must be csv or json');
  });

  it('needs a session', async () => {
    for (const url of ['/api/scans', '/api/scans/export']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('GET /api/scans/export', () => {
  it('writes the filtered list as CSV, one row per scan, targets space-separated', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/scans/export?format=csv&status=failed&scan_type=vulnerability',
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="scans-.*\.csv"$/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,scan_name,scan_type,status,progress,target_hosts,ports,error,created_at,started_at,completed_at',
    );
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(['Weekly 7', 'Weekly 5']);
    expect(lines[1]).toContain(',vulnerability,failed,0,127.0.7.0/24 host7.lab.example,,');
  });

  it('writes JSON with every match, past any page size', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/scans/export?format=json',
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const items = res.json() as Item[];
    expect(items).toHaveLength(9);
    expect(items.at(-1)).toMatchObject({ scan_name: 'Weekly 0', status: 'completed' });
  });
});

describe('organization isolation of the history', () => {
  it('lists and exports only the caller’s organization, whatever the filters', async () => {
    expect(names(await list(stranger))).toEqual(['Weekly secret']);
    expect(names(await list(stranger, '?q=weekly'))).toEqual(['Weekly secret']);
    expect(names(await list(owner, '?q=secret'))).toEqual([]);
    expect((await list(owner, '?q=192.0.2.99')).total).toBe(0);
    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/api/scans/export?format=json&q=weekly',
      headers: stranger.auth,
    });
    expect((exported.json() as Item[]).map((item) => item.scan_name)).toEqual(['Weekly secret']);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: '/api/scans/export?format=csv',
      headers: owner.auth,
    });
    expect(csv.body).not.toContain('secret');
    expect(csv.body).not.toContain('192.0.2.99');
  });
});

describe('custom ports on POST /api/scans', () => {
  it('stores the port list, in the engine grammar, and returns it', async () => {
    await subscribe(ctx, stranger);
    const res = await createScan(ctx, stranger, { ports: ' 6390, 11299,8000-8010 ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().ports).toBe('6390,11299,8000-8010');
    const plain = await createScan(ctx, stranger);
    expect(plain.json().ports).toBeNull();
  });

  it('refuses a port list outside the grammar with the part quoted', async () => {
    for (const [ports, message] of [
      ['6390,redis', 'Invalid port specification "redis"'],
      ['0', 'Invalid port specification "0"'],
      ['70000', 'Invalid port specification "70000"'],
      ['', 'Ports must not be empty'],
      ['1,'.repeat(600), 'Ports must be at most 1000 characters'],
    ]) {
      const res = await createScan(ctx, stranger, { ports });
      expect(res.statusCode, ports).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
  });
});
