import { type ChildProcess, execFile, fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanHosts } from '../src/db/schema.ts';
import { fill, repeatedNmapReport } from './fixtures/nmap-documents.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { subscribe } from './seed.ts';

// IMPORT_DOC_CHARS=890000 measures a build that accepts less (the regex parser took minutes).
const TEN_MB = Number(process.env.IMPORT_DOC_CHARS ?? 10_000_000);
const MAX_HEALTH_MS = 200;

let ctx: TestContext;
let pro: Account;
let base: string;
const dir = mkdtempSync(join(tmpdir(), 'netguard-import-'));
const run = promisify(execFile);
const poster = fileURLToPath(new URL('./fixtures/post-json-file.mjs', import.meta.url));

beforeAll(async () => {
  ctx = await createTestApp();
  pro = await createAccount(ctx, 'importer@example.com');
  await subscribe(ctx, pro);
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

type Latency = { ms: number; status: number };

/** A second client, in its own process, polling /api/health every 50 ms. */
async function startHealthPoller() {
  const child: ChildProcess = fork(new URL('./fixtures/health-poller.mjs', import.meta.url), [
    `${base}/api/health`,
  ]);
  await new Promise((resolve) => child.once('message', resolve));
  return {
    stop: () =>
      new Promise<Latency[]>((resolve) => {
        child.once('message', (latencies) => resolve(latencies as Latency[]));
        child.send('stop');
      }),
  };
}

/** Writes the import body to a file now, and returns a client that posts it from its own process. */
function preparedImport(scan_name: string, xml: string) {
  const file = join(dir, `${scan_name.replaceAll(' ', '-')}.json`);
  writeFileSync(file, JSON.stringify({ scan_name, xml }));
  return async () => {
    const args = [`${base}/api/scans/import`, pro.auth.authorization, file];
    const { stdout } = await run(process.execPath, [poster, ...args], { maxBuffer: 1 << 20 });
    return JSON.parse(stdout) as { status: number; body: { id: string } };
  };
}

describe('nmap import under attack', () => {
  it('keeps /api/health answering within 200 ms while 10 MB hostile and real reports are imported', async () => {
    const postHostile = preparedImport('Hostile', fill('<nmaprun>', '<host', TEN_MB));
    const real = repeatedNmapReport(TEN_MB);
    const postReal = preparedImport('Real 10 MB', real.xml);
    // The machine's own noise: the same polling with no import under way.
    const idle = await startHealthPoller();
    await delay(3_000);
    const idleMax = Math.max(...(await idle.stop()).map((l) => l.ms));
    const poller = await startHealthPoller();
    const started = performance.now();
    const refused = await postHostile();
    const imported = await postReal();
    const elapsed = performance.now() - started;
    const latencies = await poller.stop();

    const max = Math.max(...latencies.map((l) => l.ms));
    console.info(
      `import: ${latencies.length} health replies in ${Math.round(elapsed)} ms, max ${Math.round(max)} ms (idle: max ${Math.round(idleMax)} ms)`,
    );
    expect(refused.status).toBe(400);
    expect(imported.status).toBe(201);
    const [row] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(scanHosts)
      .where(eq(scanHosts.scanId, imported.body.id));
    expect(row?.n).toBe(real.hosts);
    expect(latencies.every((l) => l.status === 200)).toBe(true);
    expect(latencies.length).toBeGreaterThan(5);
    // The import may add at most 200 ms to what the machine itself costs a reply (idle: a few ms
    // on a quiet machine, more while other test files run beside this one).
    expect(max).toBeLessThan(MAX_HEALTH_MS + idleMax);
  }, 120_000);
});
