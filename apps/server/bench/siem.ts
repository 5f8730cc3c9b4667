/**
 * SIEM benchmark (npm run bench:siem): events per second one worker delivers through the outbox
 * to a Splunk HEC receiver and to a real rsyslog over TCP (CEF), and p95 latency from the event's
 * commit to its receipt by the destination; the reference is the same events sent straight
 * through the library (no database, no outbox) to the same destination. Alternating rounds,
 * medians. Runs an embedded PostgreSQL in a temp dir; all traffic stays on 127.0.0.0/8.
 */
import { openSync, readSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { ZSiemIntegrationCreate } from '@netguard/contracts';
import { createDestination, type SiemEvent } from '@netguard/siem';
import { startRsyslog } from '@netguard/siem/testing/rsyslog';
import { startSplunkHecFake } from '@netguard/siem/testing/splunk-hec-fake';
import { buildApp } from '../src/app.ts';
import { migrateDatabase } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { createLogger } from '../src/lib/logger.ts';
import { emitSiemEvents } from '../src/modules/siem/siem.outbox.ts';
import { startWorkers } from '../src/workers.ts';
import { benchAccount } from './accounts.ts';

const EVENTS = Number(process.env.BENCH_SIEM_EVENTS ?? 5_000);
const ROUNDS = Number(process.env.BENCH_SIEM_ROUNDS ?? 5);
const PER_COMMIT = 100;
const SECRET = 'bench-secret-key-for-netguard';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'netguard-bench-pg-'));
await fs.chmod(dir, 0o755);
const pg = await startEmbeddedPostgres({ dataDir: dir, port: 0, database: 'netguard_bench' });
await migrateDatabase(pg.url);
const config = {
  ...loadConfig({
    NETGUARD_SECRET_KEY: SECRET,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '100000',
    // The bench's receivers (Splunk HEC fake, rsyslog) listen on loopback.
    EGRESS_ALLOWED_RANGES: '127.0.0.0/8',
  }),
  databaseUrl: pg.url,
};
const app = await buildApp(config);
const workers = await startWorkers({
  url: pg.url,
  settings: config.scans,
  log: createLogger('silent'),
  cloud: { secret: SECRET, scanners: {} as never },
  egress: () => app.egress,
});
const database = createDatabase(pg.url, { max: 4 });
const hec = await startSplunkHecFake('bench-token');
const rsyslog = await startRsyslog('127.0.0.24');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};

/** Arrival times of CEF lines in rsyslog's file, by event id, read as the file grows. */
function syslogArrivals() {
  const arrivals = new Map<string, number>();
  let offset = 0;
  let rest = '';
  return {
    arrivals,
    poll() {
      let size = 0;
      try {
        size = statSync(rsyslog.logFile).size;
      } catch {
        return;
      }
      if (size <= offset) return;
      const buffer = Buffer.alloc(size - offset);
      const fd = openSync(rsyslog.logFile, 'r');
      readSync(fd, buffer, 0, buffer.length, offset);
      offset = size;
      const now = performance.now();
      const lines = (rest + buffer.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const id = /externalId=([0-9a-f-]{36})/.exec(line)?.[1];
        if (id) arrivals.set(id, now);
      }
    },
  };
}
const syslog = syslogArrivals();
// Lines are stamped when seen: the file is read every few milliseconds for the whole run.
const syslogPoller = setInterval(() => syslog.poll(), 5);

try {
  const { orgId, auth } = await benchAccount(
    app,
    database.db,
    'bench-siem@example.com',
    'Enterprise',
  );
  const create = async (body: object) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/siem/integrations',
      headers: auth,
      payload: body,
    });
    if (res.statusCode !== 201) throw new Error(res.body);
  };
  const hecBody = {
    name: 'bench hec',
    type: 'splunk',
    endpoint: hec.url,
    credentials: { key: 'bench-token' },
    filters: { eventTypes: ['vulnerability_found'] },
  };
  const syslogBody = {
    name: 'bench rsyslog',
    type: 'arcsight',
    endpoint: `tcp://${rsyslog.host}:${rsyslog.tcpPort}`,
    filters: { eventTypes: ['scan_completed'] },
  };
  await create(hecBody);
  await create(syslogBody);

  const committedAt = new Map<string, number>();
  /** Emits EVENTS events of `type` in commits of PER_COMMIT; resolves with their ids. */
  async function produce(type: 'vulnerability_found' | 'scan_completed') {
    const ids: string[] = [];
    for (let i = 0; i < EVENTS; i += PER_COMMIT) {
      const events = await database.db.transaction((tx) =>
        emitSiemEvents(
          tx,
          Array.from({ length: PER_COMMIT }, (_, j) => ({
            type,
            severity: 'high' as const,
            organizationId: orgId,
            title: `bench ${i + j}`,
            message: 'bench event',
            ip: '127.0.0.9',
            port: 6379,
          })),
        ),
      );
      const now = performance.now();
      for (const e of events) {
        committedAt.set(e.id, now);
        ids.push(e.id);
      }
    }
    return ids;
  }

  const hecArrival = (since: number) => {
    const map = new Map<string, number>();
    for (const r of hec.accepted.slice(since)) map.set(r.hec.event.id, r.receivedAt);
    return map;
  };

  /** Waits (2 minutes at most) until the destination has every one of `ids`. */
  async function arrived(kind: 'hec' | 'syslog', ids: string[], hecSince: number) {
    const deadline = performance.now() + 120_000;
    for (;;) {
      const got =
        kind === 'hec'
          ? hec.accepted.length - hecSince
          : ids.filter((id) => syslog.arrivals.has(id)).length;
      if (got >= ids.length || performance.now() > deadline) return;
      await delay(5);
    }
  }

  async function pipelineRound(kind: 'hec' | 'syslog') {
    const since = hec.accepted.length;
    const start = performance.now();
    const startWall = Date.now();
    const ids = await produce(kind === 'hec' ? 'vulnerability_found' : 'scan_completed');
    await arrived(kind, ids, since);
    const end = performance.now();
    const arrivals = kind === 'hec' ? hecArrival(since) : syslog.arrivals;
    const latencies = ids.flatMap((id) => {
      const at = arrivals.get(id);
      const committed = committedAt.get(id) as number;
      if (at === undefined) return [];
      // HEC stamps wall-clock ms; convert to the performance clock of the commit times.
      const arrived = kind === 'hec' ? at - startWall + start : at;
      return [arrived - committed];
    });
    return {
      rate: (latencies.length / (end - start)) * 1000,
      p95: pct(latencies, 95),
      lost: ids.length - latencies.length,
    };
  }

  /**
   * Drain: the events are produced while the integration is paused (a back-off in the future),
   * then released; events per second from release to the last receipt.
   */
  async function drainRound(kind: 'hec' | 'syslog') {
    const name = kind === 'hec' ? hecBody.name : syslogBody.name;
    const pause = (until: string) =>
      database.pool.query(
        `update siem_integrations set retry_at = ${until} where name = $1 returning id`,
        [name],
      );
    await pause(`now() + interval '1 hour'`);
    const since = hec.accepted.length;
    const ids = await produce(kind === 'hec' ? 'vulnerability_found' : 'scan_completed');
    const start = performance.now();
    const { rows } = await pause('null');
    await database.pool.query(`select pg_notify('netguard_siem', $1)`, [rows[0].id]);
    await arrived(kind, ids, since);
    return { rate: (ids.length / (performance.now() - start)) * 1000 };
  }

  async function directRound(kind: 'hec' | 'syslog') {
    const body = ZSiemIntegrationCreate.parse(kind === 'hec' ? hecBody : syslogBody);
    const destination = createDestination({ ...body, network: app.egress.tenant() });
    const events: SiemEvent[] = Array.from({ length: EVENTS }, (_, i) => ({
      id: crypto.randomUUID(),
      type: kind === 'hec' ? 'vulnerability_found' : 'scan_completed',
      time: new Date().toISOString(),
      level: 'error',
      severity: 'high',
      source: 'netguard-scanner',
      organizationId: orgId,
      title: `direct ${i}`,
      message: 'bench event',
      ip: '127.0.0.9',
      port: 6379,
      fields: {},
    }));
    const start = performance.now();
    for (let i = 0; i < events.length; i += body.settings.batchSize * 5)
      await destination.send(events.slice(i, i + body.settings.batchSize * 5));
    if (kind === 'syslog') {
      const deadline = performance.now() + 60_000;
      while (performance.now() < deadline) {
        if (events.every((e) => syslog.arrivals.has(e.id))) break;
        await delay(10);
      }
    }
    return { rate: (EVENTS / (performance.now() - start)) * 1000 };
  }

  const results = {
    hec: {
      pipeline: [] as number[],
      p95: [] as number[],
      drain: [] as number[],
      direct: [] as number[],
      lost: 0,
    },
    syslog: {
      pipeline: [] as number[],
      p95: [] as number[],
      drain: [] as number[],
      direct: [] as number[],
      lost: 0,
    },
  };
  await pipelineRound('hec'); // warm-up
  for (let round = 0; round < ROUNDS; round++)
    for (const kind of ['hec', 'syslog'] as const) {
      const order =
        round % 2 === 0 ? ['pipeline', 'drain', 'direct'] : ['direct', 'drain', 'pipeline'];
      for (const which of order) {
        if (which === 'pipeline') {
          const r = await pipelineRound(kind);
          results[kind].pipeline.push(r.rate);
          results[kind].p95.push(r.p95);
          results[kind].lost += r.lost;
        } else if (which === 'drain') results[kind].drain.push((await drainRound(kind)).rate);
        else results[kind].direct.push((await directRound(kind)).rate);
      }
    }
  console.log(
    `SIEM forwarding, one worker, ${EVENTS} events per round, ${ROUNDS} rounds (medians)`,
  );
  for (const [kind, r] of Object.entries(results)) {
    const drain = median(r.drain);
    const direct = median(r.direct);
    console.log(`  ${kind === 'hec' ? 'Splunk HEC (HTTP)' : 'rsyslog over TCP (CEF)'}`);
    console.log(
      `    backlog drained by one worker: ${drain.toFixed(0)} events/s; the library sending straight (reference): ${direct.toFixed(0)} events/s; ratio ${(drain / direct).toFixed(2)}`,
    );
    console.log(
      `    while produced at ${median(r.pipeline).toFixed(0)} events/s in commits of ${PER_COMMIT}: p95 commit→receipt ${median(r.p95).toFixed(0)} ms; lost ${r.lost}`,
    );
    if (r.lost > 0) process.exitCode = 1;
  }
} finally {
  clearInterval(syslogPoller);
  await workers.stop();
  await app.close();
  await database.close();
  await hec.close();
  await rsyslog.close();
  await pg.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
