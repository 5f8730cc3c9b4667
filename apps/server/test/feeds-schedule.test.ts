import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { loadConfig } from '../src/config.ts';
import {
  advisories,
  distroFixes,
  epssScores,
  feedImports,
  kevEntries,
  ssvcEntries,
} from '../src/db/schema.ts';
import { createLogger } from '../src/lib/logger.ts';
import { startWorkers, type Workers } from '../src/workers.ts';
import {
  debianOsv,
  epssFile,
  kevFile,
  nvdPage,
  sha256,
  uploadFeed,
  vulnrichmentRecord,
} from './feeds-helpers.ts';
import { createAccount, createTestApp, type TestContext } from './helpers.ts';

// A feed mirror on loopback serving files the test makes; it records every request.
const files = new Map<string, Buffer>();
const requests: string[] = [];
/** Paths answered only after a pause, to keep an import running while another worker ticks. */
const slow = new Set<string>();
let mirror: Server;
let base: string;

const kev = kevFile([{ cve: 'CVE-2024-6387', added: '2024-07-15' }], { version: '2026.11.22' });
const epss = epssFile('v2025.03.14', '2026-11-22', [['CVE-2024-6387', 0.4, 0.97]]);
const nvdFirst = nvdPage(
  [
    { cve: 'CVE-2099-1001', fixed: '9.9', score: 8.1 },
    { cve: 'CVE-2099-1002', fixed: '9.9', score: 5.3 },
  ],
  3,
);
const nvdSecond = nvdPage([{ cve: 'CVE-2099-1003', fixed: '9.9', score: 7.5 }], 3);

beforeAll(async () => {
  mirror = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url.pathname + url.search);
    if (url.pathname === '/nvd') {
      if (url.searchParams.get('virtualMatchString') !== 'cpe:2.3:a:openbsd:openssh')
        return res.end(nvdPage([], 0));
      return res.end(url.searchParams.get('startIndex') === '0' ? nvdFirst : nvdSecond);
    }
    const body = files.get(url.pathname);
    if (!body) {
      res.statusCode = 404;
      return res.end('not found');
    }
    setTimeout(() => res.end(body), slow.has(url.pathname) ? 3000 : 0);
  });
  await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}`;
  files.set('/kev.json', kev);
  files.set('/epss.csv', epss);
  files.set(
    '/vulnrichment/2024/6xxx/CVE-2024-6387.json',
    Buffer.from(JSON.stringify(vulnrichmentRecord('CVE-2024-6387', 'poc', 'no', 'total'))),
  );
  // OSV serves each ecosystem as all.zip; a plain JSON array of records reads the same.
  files.set(
    '/osv/Debian/all.zip',
    Buffer.from(JSON.stringify([debianOsv('CVE-2024-6387', '12', '1:9.2p1-2+deb12u3')])),
  );
});
afterAll(() => new Promise((resolve) => mirror.close(resolve)));

const mirrorEnv = () => ({
  NETGUARD_FEED_NVD_URL: `${base}/nvd`,
  NETGUARD_FEED_KEV_URL: `${base}/kev.json`,
  NETGUARD_FEED_EPSS_URL: `${base}/epss.csv`,
  NETGUARD_FEED_VULNRICHMENT_URL: `${base}/vulnrichment`,
  NETGUARD_FEED_OSV_URL: `${base}/osv`,
  NETGUARD_FEED_OSV_ECOSYSTEMS: 'Debian',
  // The schedule is what this file tests: online, with every feed URL on its loopback mirror.
  NETGUARD_OFFLINE: '0',
});

let ctx: TestContext | undefined;
let workers: Workers | undefined;
afterEach(async () => {
  await workers?.stop();
  await ctx?.close();
  workers = undefined;
  ctx = undefined;
  requests.length = 0;
});

function start(env: Record<string, string>, log = createLogger('silent')) {
  const config = loadConfig(env);
  return startWorkers({ url: ctx!.url, settings: config.scans, log, feeds: config.feeds });
}

async function until<T>(probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('scheduled feed imports', () => {
  it('fetches every source from the configured URLs and records each import', async () => {
    ctx = await createTestApp(mirrorEnv());
    workers = await start(mirrorEnv());
    const runs = await until(async () => {
      const rows = await ctx!.db.select().from(feedImports);
      return rows.length === 5 && rows.every((r) => r.status !== 'running') ? rows : undefined;
    });
    const bySource = new Map(runs.map((r) => [r.source, r]));
    expect(runs.every((r) => r.trigger === 'schedule')).toBe(true);
    expect(bySource.get('kev')).toMatchObject({
      status: 'succeeded',
      origin: `${base}/kev.json`,
      feedVersion: '2026.11.22',
      sha256: sha256(kev),
      bytes: kev.length,
    });
    expect(bySource.get('epss')).toMatchObject({ status: 'succeeded', feedVersion: 'v2025.03.14' });
    // Both NVD pages of OpenSSH, and one empty page for each other product.
    expect(bySource.get('nvd')).toMatchObject({
      status: 'succeeded',
      counts: { records: 3, imported: 3, skipped: 0 },
    });
    expect(requests).toContain(
      '/nvd?virtualMatchString=cpe%3A2.3%3Aa%3Aopenbsd%3Aopenssh&startIndex=2&resultsPerPage=2000',
    );
    const imported = await ctx.db
      .select({ id: advisories.id })
      .from(advisories)
      .orderBy(asc(advisories.id));
    expect(imported.map((a) => a.id.split('/').pop())).toEqual([
      'CVE-2099-1001',
      'CVE-2099-1002',
      'CVE-2099-1003',
    ]);
    expect((await ctx.db.select().from(epssScores)).map((r) => r.scoreDate)).toEqual([
      '2026-11-22',
    ]);
    // Vulnrichment is asked only for CVEs NetGuard holds (bundled and imported advisories...).
    expect(requests).toContain('/vulnrichment/2024/6xxx/CVE-2024-6387.json');
    expect(requests).toContain('/vulnrichment/2099/1xxx/CVE-2099-1003.json');
    expect(bySource.get('vulnrichment')).toMatchObject({
      status: 'succeeded',
      counts: { records: 1, imported: 1, skipped: 0 },
    });
    expect(await ctx.db.select().from(ssvcEntries)).toEqual([
      expect.objectContaining({
        cveId: 'CVE-2024-6387',
        exploitation: 'poc',
        automatable: 'no',
        technicalImpact: 'total',
      }),
    ]);
    // Vulnrichment's KEV date does not erase the catalog's due date.
    const [kevRow] = await ctx.db.select().from(kevEntries);
    expect(kevRow).toMatchObject({ dateAdded: '2024-07-15', dueDate: '2026-12-11' });
    expect(requests).toContain('/osv/Debian/all.zip');
    expect(bySource.get('osv')).toMatchObject({ status: 'succeeded', origin: `${base}/osv` });
    expect(await ctx.db.select().from(distroFixes)).toEqual([
      expect.objectContaining({
        cveId: 'CVE-2024-6387',
        product: 'openssh',
        distro: 'debian',
        release: '12',
        fixed: '1:9.2p1-2+deb12u3',
      }),
    ]);
  });

  it('imports each due source once when two workers run the schedule', async () => {
    ctx = await createTestApp(mirrorEnv());
    slow.add('/kev.json');
    workers = await start(mirrorEnv());
    const second = await start(mirrorEnv());
    try {
      const runs = await until(async () => {
        const rows = await ctx!.db.select().from(feedImports);
        const sources = new Set(rows.map((r) => r.source));
        return sources.size === 5 && rows.every((r) => r.status !== 'running') ? rows : undefined;
      });
      // The second worker ticked while the first held the lock (KEV answers slowly).
      const again = await ctx.db.select().from(feedImports);
      expect(again).toHaveLength(5);
      expect(runs.map((r) => r.source).sort()).toEqual([
        'epss',
        'kev',
        'nvd',
        'osv',
        'vulnrichment',
      ]);
      expect(requests.filter((r) => r === '/kev.json')).toHaveLength(1);
    } finally {
      slow.clear();
      await second.stop();
    }
  });

  it('fetches nothing when NETGUARD_OFFLINE=1', async () => {
    const env = { ...mirrorEnv(), NETGUARD_OFFLINE: '1' };
    ctx = await createTestApp(env);
    workers = await start(env);
    await new Promise((r) => setTimeout(r, 3000));
    expect(requests).toEqual([]);
    expect(await ctx.db.select().from(feedImports)).toEqual([]);
    const viewer = await createAccount(ctx, 'viewer@example.com');
    const status = await ctx.app.inject({ method: 'GET', url: '/api/feeds', headers: viewer.auth });
    expect(status.json()).toMatchObject({ offline: true, interval_hours: null, next_run_at: null });
  });

  it('warns of each failed import with its reason and what to do without network', async () => {
    // A port nobody listens on: every fetch is refused, as on a machine without network.
    const address = testResources().host(2);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, address, resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const down = `http://${address}:${port}`;
    const env = {
      ...mirrorEnv(),
      NETGUARD_FEED_KEV_URL: `${down}/kev.json`,
      NETGUARD_FEED_EPSS_URL: `${down}/epss.csv`,
    };
    const lines: { level: number; msg: string; source?: string; status?: string }[] = [];
    const log = createLogger('info', { write: (line: string) => lines.push(JSON.parse(line)) });
    ctx = await createTestApp(env);
    workers = await start(env, log);
    await until(async () => (lines.filter((l) => l.source).length === 5 ? true : undefined));
    const bySource = new Map(lines.filter((l) => l.source).map((l) => [l.source, l]));
    const hint =
      'Without access to the feed sites, set NETGUARD_OFFLINE=1 and upload the feed files in Settings → Feeds.';
    expect(bySource.get('kev')).toMatchObject({ level: 40, status: 'failed' });
    expect(bySource.get('kev')?.msg).toBe(
      `The scheduled import of CISA Known Exploited Vulnerabilities failed: ${down}/kev.json: fetch failed (connect ECONNREFUSED ${address}:${port}). ${hint}`,
    );
    expect(bySource.get('epss')).toMatchObject({ level: 40, status: 'failed' });
    expect(bySource.get('epss')?.msg).toContain(
      `${down}/epss.csv: fetch failed (connect ECONNREFUSED`,
    );
    expect(bySource.get('nvd')).toMatchObject({
      level: 30,
      status: 'succeeded',
      msg: 'feed imported',
    });
  });

  it('fails an import a stopped worker left running when the next import starts', async () => {
    ctx = await createTestApp({ NETGUARD_OPERATORS: 'ops@example.com', NETGUARD_OFFLINE: '1' });
    const [left] = await ctx.db
      .insert(feedImports)
      .values({ source: 'nvd', origin: `${base}/nvd`, trigger: 'schedule' })
      .returning();
    const operator = await createAccount(ctx, 'ops@example.com');
    // The status sees it too while no import holds the lock.
    const status = await ctx.app.inject({
      method: 'GET',
      url: '/api/feeds',
      headers: operator.auth,
    });
    const nvd = status.json().sources.find((s: { source: string }) => s.source === 'nvd');
    expect(nvd.latest).toMatchObject({ id: left!.id, status: 'failed' });
    await ctx.db.update(feedImports).set({ status: 'running' }).where(eq(feedImports.id, left!.id));
    expect((await uploadFeed(ctx, operator, 'kev', kev)).statusCode).toBe(201);
    const [after] = await ctx.db.select().from(feedImports).where(eq(feedImports.id, left!.id));
    expect(after).toMatchObject({ status: 'failed' });
    expect(after?.errors[0]).toMatch(/stopped before it finished/);
    expect(after?.finishedAt).toBeInstanceOf(Date);
  });
});
