// Probes of the performance suite: bounded load from the server itself (in-process requests as the
// canary user), argon2 cost, query plans, pagination of 10,000 seeded findings, scan start to the
// first realtime event, job queue latency, event-loop lag and heap, and a burst at the rate limiter.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { hashPassword } from '../../lib/crypto.ts';
import type { ScanQueue } from '../scans/scans.queue.ts';
import type { Canary } from './canary.ts';
import { startCanaryTarget } from './canary-target.ts';
import { echoOnce } from './echo.queue.ts';
import { canarySocket, JOB_WAIT_MS } from './probes.platform.ts';
import type { PerformanceProbes, PlanObservation } from './probes.ts';
import { Unavailable } from './verdicts.ts';

export const LOAD = { readers: 8, requests: 200 } as const;
export const FINDINGS_SEEDED = 10_000;
const PAGE_SIZE = 200;
const BURST_BUDGET = 500;
const JOB_SAMPLES = 10;

export type PerformanceDeps = {
  db: Executor;
  app: FastifyInstance;
  jobs: Pick<ScanQueue, 'boss' | 'start'>;
  canary: () => Promise<Canary>;
  authRateLimit: number;
};

/**
 * The queries behind the key reads, as their repos run them, for an organization other than the
 * canary's (whose seeded rows fill the table: for it a sequential scan is the right plan).
 */
const TOP_QUERIES = (org: string) => ({
  'vulnerabilities list': sql`select * from vulnerabilities where organization_id = ${org} order by created_at desc, id limit 50`,
  'vulnerabilities by host': sql`select * from vulnerabilities where organization_id = ${org} and host = '127.0.0.1' limit 50`,
  'scans list': sql`select * from scans where organization_id = ${org} order by created_at desc limit 50`,
  'reports list': sql`select * from reports where organization_id = ${org} order by created_at desc limit 50`,
  'security events': sql`select * from security_events where organization_id = ${org} order by created_at desc limit 50`,
});

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };
const seqScanTables = (node: PlanNode): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : []),
  ...(node.Plans ?? []).flatMap(seqScanTables),
];

async function timed(run: () => Promise<{ statusCode: number }>) {
  const started = performance.now();
  const res = await run();
  return { ms: performance.now() - started, ok: res.statusCode < 400 };
}

export function performanceProbes(deps: PerformanceDeps): PerformanceProbes {
  const { app, db } = deps;
  const get = (canary: Canary, url: string) =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${canary.accessToken}` } });

  /** `requests` GETs spread over `readers` concurrent loops. */
  async function load(canary: Canary, urls: string[], signal: AbortSignal) {
    const timings = new Map(urls.map((u) => [u, { samplesMs: [] as number[], errors: 0 }]));
    let next = 0;
    const reader = async () => {
      while (next < LOAD.requests && !signal.aborted) {
        const url = urls[next++ % urls.length] as string;
        const t = await timed(() => get(canary, url));
        const slot = timings.get(url) as { samplesMs: number[]; errors: number };
        if (t.ok) slot.samplesMs.push(t.ms);
        else slot.errors++;
      }
    };
    await Promise.all(Array.from({ length: LOAD.readers }, reader));
    return timings;
  }

  async function canaryScanId(canary: Canary) {
    const [row] = (
      await db.execute(sql`
        insert into scans (user_id, organization_id, scan_name, scan_type, target_hosts, status, progress)
        values (${canary.userId}, ${canary.organizationId}, 'Self-test load probe', 'network', array['127.0.0.1'], 'completed', 100)
        returning id`)
    ).rows as { id: string }[];
    return row?.id as string;
  }

  return {
    async keyReads(signal) {
      const canary = await deps.canary();
      const scanId = await canaryScanId(canary);
      const urls = [
        '/api/dashboard',
        '/api/vulnerabilities?limit=50',
        `/api/scans/${scanId}`,
        '/api/reports',
      ];
      const timings = await load(canary, urls, signal);
      return [...timings].map(([route, t]) => ({ route: route.replace(scanId, ':id'), ...t }));
    },

    async passwordHashing() {
      const samples: number[] = [];
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        await hashPassword(randomBytes(12).toString('base64url'));
        samples.push(performance.now() - started);
      }
      return samples;
    },

    async queryPlans() {
      const sizes = new Map(
        (
          (
            await db.execute(
              sql`select relname, greatest(reltuples, 0)::bigint as rows from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace`,
            )
          ).rows as { relname: string; rows: string }[]
        ).map((r) => [r.relname, Number(r.rows)]),
      );
      const plans: PlanObservation[] = [];
      for (const [query, statement] of Object.entries(TOP_QUERIES(randomUUID()))) {
        const result = await db.execute(sql`explain (format json) ${statement}`);
        const plan = (result.rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]
          ?.Plan;
        const tables = plan ? seqScanTables(plan) : [];
        plans.push({
          query,
          seqScans: tables.map((table) => ({ table, rows: sizes.get(table) ?? 0 })),
        });
      }
      return plans;
    },

    async pagination(signal) {
      const canary = await deps.canary();
      await db.execute(sql`
        insert into vulnerabilities (user_id, organization_id, title, host, port, vulnerability_type, severity, finding_key, check_id)
        select ${canary.userId}, ${canary.organizationId}, 'Self-test finding ' || n, '127.0.0.1', 1 + n % 65535,
          'misconfiguration', (array['critical','high','medium','low','info'])[1 + n % 5]::vuln_severity,
          'selftest|' || n, 'selftest'
        from generate_series(1, ${FINDINGS_SEEDED}) n`);
      await db.execute(sql`analyze vulnerabilities`);
      const seen = new Set<string>();
      let pages = 0;
      let slowest = 0;
      let largest = 0;
      const started = performance.now();
      for (
        let offset = 0;
        offset < FINDINGS_SEEDED + PAGE_SIZE && !signal.aborted;
        offset += PAGE_SIZE
      ) {
        const pageStarted = performance.now();
        const res = await get(canary, `/api/vulnerabilities?limit=${PAGE_SIZE}&offset=${offset}`);
        slowest = Math.max(slowest, performance.now() - pageStarted);
        largest = Math.max(largest, res.rawPayload.length);
        if (res.statusCode !== 200)
          throw new Error(`page at offset ${offset} answered ${res.statusCode}`);
        const items = (res.json() as { items: { id: string }[] }).items;
        pages++;
        for (const item of items) seen.add(item.id);
        if (items.length < PAGE_SIZE) break;
      }
      return {
        seeded: FINDINGS_SEEDED,
        seen: seen.size,
        pages,
        totalMs: performance.now() - started,
        slowestPageMs: slowest,
        largestPageBytes: largest,
      };
    },

    async scanToFirstEvent(signal) {
      const canary = await deps.canary();
      const target = await startCanaryTarget();
      const socket = await canarySocket(app, canary.accessToken, signal);
      const auth = { authorization: `Bearer ${canary.accessToken}` };
      try {
        const created = await app.inject({
          method: 'POST',
          url: '/api/scans',
          headers: auth,
          payload: {
            scan_name: 'Self-test first event',
            scan_type: 'network',
            target_hosts: [target.host],
            ports: String(target.port),
          },
        });
        if (created.statusCode !== 201)
          throw new Unavailable(
            `The canary scan was not created (HTTP ${created.statusCode}: ${created.json().error?.message ?? ''}).`,
          );
        const scanId = (created.json() as { id: string }).id;
        const started = performance.now();
        const start = await app.inject({
          method: 'POST',
          url: `/api/scans/${scanId}/start`,
          headers: auth,
        });
        if (start.statusCode !== 202)
          throw new Unavailable(
            `The canary scan did not start (HTTP ${start.statusCode}: ${start.json().error?.message ?? ''}).`,
          );
        const got = await socket.next(
          (m) => m.type === 'event' && m.table === 'scans' && m.record?.id === scanId,
          5_000,
        );
        const ms = performance.now() - started;
        await app.inject({ method: 'POST', url: `/api/scans/${scanId}/cancel`, headers: auth });
        return {
          delivered: Boolean(got),
          ms,
          detail: got
            ? 'the scan’s first update reached the socket'
            : 'no scan update within 5000 ms',
        };
      } finally {
        socket.close();
        await target.close();
      }
    },

    async jobLatency(signal) {
      const waits: number[] = [];
      for (let i = 0; i < JOB_SAMPLES && !signal.aborted; i++) {
        const echo = await echoOnce(deps.jobs, JOB_WAIT_MS, signal);
        if (!echo.completed) break;
        if (echo.waitMs !== null) waits.push(echo.waitMs);
      }
      return waits;
    },

    async eventLoopUnderLoad(signal) {
      const canary = await deps.canary();
      const histogram = monitorEventLoopDelay({ resolution: 10 });
      const heapBefore = process.memoryUsage().heapUsed;
      histogram.enable();
      let heapPeak = heapBefore;
      const sampler = setInterval(() => {
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      }, 50);
      try {
        await load(
          canary,
          ['/api/dashboard', '/api/vulnerabilities?limit=50', '/api/reports'],
          signal,
        );
      } finally {
        clearInterval(sampler);
        histogram.disable();
      }
      const mb = (bytes: number) => bytes / 1024 / 1024;
      return {
        lagP99Ms: histogram.percentile(99) / 1e6,
        heapUsedMb: mb(heapPeak),
        heapGrowthMb: mb(heapPeak - heapBefore),
      };
    },

    async rateLimitBurst() {
      const limit = deps.authRateLimit;
      const sent = limit + 10;
      if (sent > BURST_BUDGET)
        throw new Unavailable(
          `The sign-in limit is ${limit}/min, above this test’s burst budget of ${BURST_BUDGET} requests.`,
        );
      // In-process requests from an address of their own, so no real client's allowance is spent.
      const remoteAddress = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
      const email = `burst-${randomBytes(4).toString('hex')}@selftest.invalid`;
      const results = await Promise.all(
        Array.from({ length: sent }, () =>
          app.inject({
            method: 'POST',
            url: '/api/auth/sign-in',
            remoteAddress,
            payload: { email, password: 'Wr0ng!Password' },
          }),
        ),
      );
      const statuses: Record<string, number> = {};
      for (const r of results) statuses[r.statusCode] = (statuses[r.statusCode] ?? 0) + 1;
      return { limitPerMinute: limit, sent, statuses };
    },
  };
}
