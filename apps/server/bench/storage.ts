/**
 * Capture storage benchmark (npm run bench:storage): one ~50 MB capture (synthetic traffic, about
 * 110,000 frames) uploaded over HTTP, paged deep into the file (from a checkpoint), filtered (a
 * full pass) and exported (a full read), through an app keeping capture files on local disk and
 * one keeping them in moto's S3 on 127.0.0.1 (multipart upload, ranged streamed reads). Both
 * apps share one embedded PostgreSQL in a temp dir; all traffic stays on 127.0.0.1. Prints the
 * median of BENCH_ROUNDS rounds per step, in milliseconds.
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { writeCapture } from '@netguard/packets';
import type { FastifyInstance } from 'fastify';
import { syntheticTraffic } from '../../../packages/packets/src/testing/synthetic-traffic.ts';
import { buildApp } from '../src/app.ts';
import { migrateDatabase } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { startMoto, storageEnv } from '../test/moto.ts';
import { benchAccount } from './accounts.ts';

const TARGET_BYTES = Number(process.env.BENCH_CAPTURE_MB ?? 50) * 1024 * 1024;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'netguard-bench-storage-'));
await fs.chmod(dir, 0o755);
const moto = await startMoto();
const pg = await startEmbeddedPostgres({ dataDir: dir, port: 0, database: 'netguard_bench' });
try {
  await migrateDatabase(pg.url);
  const settings = await moto.bucket('netguard-bench');
  const env = {
    NETGUARD_SECRET_KEY: 'bench-secret-key-for-netguard',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '100000',
  };
  const build = async (extra: Record<string, string>) => {
    const app = await buildApp({ ...loadConfig({ ...env, ...extra }), databaseUrl: pg.url });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  };
  const apps: [string, FastifyInstance][] = [
    ['local disk', await build({ NETGUARD_DATA_DIR: path.join(dir, 'local') })],
    ['moto S3', await build({ NETGUARD_DATA_DIR: path.join(dir, 's3'), ...storageEnv(settings) })],
  ];
  const database = createDatabase(pg.url, { max: 2 });

  // The capture: synthetic frames until the file reaches the target size.
  const file = path.join(dir, 'bench.pcap');
  const out = createWriteStream(file);
  let written = 0;
  let frames = 0;
  const until = function* () {
    for (const frame of syntheticTraffic(Number.MAX_SAFE_INTEGER)) {
      if (written >= TARGET_BYTES) return;
      written += frame.capturedLength + 16;
      frames += 1;
      yield frame;
    }
  };
  await writeCapture(until(), out, { linkTypes: [1] });
  await new Promise((resolve) => out.end(resolve));
  const bytes = await fs.readFile(file);
  console.log(`capture: ${(bytes.length / 1024 / 1024).toFixed(1)} MiB, ${frames} frames`);

  const results = new Map<string, number[]>();
  const record = (name: string, ms: number) => {
    results.set(name, [...(results.get(name) ?? []), ms]);
  };
  const timed = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const value = await run();
    record(name, performance.now() - started);
    return value;
  };

  for (let round = 0; round < ROUNDS; round++) {
    for (const [label, app] of round % 2 ? [...apps].reverse() : apps) {
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const { auth } = await benchAccount(
        app,
        database.db,
        `bench-${round}-${label.replace(/\W/g, '')}@example.com`,
      );
      const send = async (url: string, init: RequestInit = {}) => {
        const res = await fetch(`${base}${url}`, {
          ...init,
          headers: { ...auth, ...init.headers },
        });
        const body = Buffer.from(await res.arrayBuffer());
        if (!res.ok)
          throw new Error(`${url} answered ${res.status}: ${body.toString().slice(0, 200)}`);
        return body;
      };
      const uploaded = await timed(`${label}: upload`, () =>
        send('/api/packets/captures?name=bench.pcap', {
          method: 'POST',
          headers: { 'content-type': 'application/octet-stream' },
          body: new Uint8Array(bytes),
        }),
      );
      const { id, packet_count: count } = JSON.parse(uploaded.toString()) as {
        id: string;
        packet_count: number;
      };
      const packets = `/api/packets/captures/${id}/packets`;
      await timed(`${label}: page 100 at offset count-500`, () =>
        send(`${packets}?offset=${count - 500}&limit=100`),
      );
      await timed(`${label}: filter (full pass) + page`, () =>
        send(`${packets}?filter=${encodeURIComponent('tcp.len > 1000')}&limit=100`),
      );
      const exported = await timed(`${label}: export whole capture`, () =>
        send(`/api/packets/captures/${id}/export`),
      );
      if (exported.length < bytes.length * 0.9) throw new Error('short export');
      await send(`/api/packets/captures/${id}`, { method: 'DELETE' });
    }
  }

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] as number;
  };
  console.log(`median of ${ROUNDS} rounds (ms):`);
  for (const [name, values] of results)
    console.log(
      `  ${name.padEnd(45)} ${median(values).toFixed(0).padStart(6)}   [${values.map((v) => v.toFixed(0)).join(', ')}]`,
    );
  await database.close();
  for (const [, app] of apps) await app.close();
} finally {
  await moto.stop();
  await pg.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
