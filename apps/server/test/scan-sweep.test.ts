import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { scanChunks, scans, threatMitigationActions, vulnerabilities } from '../src/db/schema.ts';
import { createLogger } from '../src/lib/logger.ts';
import type { JobDeps } from '../src/modules/scans/scans.jobs.ts';
import { createScanQueue } from '../src/modules/scans/scans.queue.ts';
import { sweepScans } from '../src/modules/scans/scans.sweep.ts';
import { recordFinding } from '../src/modules/vulnerabilities/vulnerabilities.lifecycle.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { getScan } from './scan-helpers.ts';
import { ago, seedScan } from './seed.ts';

let ctx: TestContext;
let owner: Account;
const sent = { plans: [] as string[], chunks: [] as string[] };
let deps: JobDeps;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, 'sweep@example.com');
  deps = {
    db: ctx.db,
    queue: {
      sendPlan: async (id) => void sent.plans.push(id),
      sendChunks: async (ids) => void sent.chunks.push(...ids),
    },
    settings: { ...loadConfig({}).scans, timeoutSeconds: 600, chunkStaleSeconds: 30 },
    workerId: 'test-worker',
    log: createLogger('silent'),
    shutdown: new AbortController().signal,
    egress: ctx.app.egress,
  };
});
afterAll(() => ctx.close());

const chunk = (scanId: string, index: number, attempts: number, heartbeatAt: Date) => ({
  scanId,
  index,
  spec: { targets: ['127.0.0.1'], ports: [80] },
  weight: 1,
  status: 'running' as const,
  attempts,
  workerId: 'dead-worker',
  heartbeatAt,
});

describe('stale-job sweep: a scan never stays running forever', () => {
  it('fails a scan that ran past the scan timeout, with the reason', async () => {
    const scan = await seedScan(ctx, owner, { status: 'running', createdAt: ago(30) });
    await sweepScans(deps);
    const res = (await getScan(ctx, owner, scan.id)).json();
    expect(res).toMatchObject({ status: 'failed', error: 'Scan timed out after 600 seconds' });
  });

  it('re-queues a chunk whose worker went silent, and fails the scan once attempts run out', async () => {
    const scan = await seedScan(ctx, owner, { status: 'running', createdAt: ago(1) });
    await ctx.db.update(scans).set({ startedAt: new Date() }).where(eq(scans.id, scan.id));
    const [fresh, stale] = await ctx.db
      .insert(scanChunks)
      .values([chunk(scan.id, 0, 1, new Date()), chunk(scan.id, 1, 1, ago(2))])
      .returning();
    await sweepScans(deps);
    expect(sent.chunks).toEqual([stale!.id]);
    const rows = await ctx.db.select().from(scanChunks).where(eq(scanChunks.scanId, scan.id));
    expect(rows.find((c) => c.id === stale!.id)?.status).toBe('queued');
    expect(rows.find((c) => c.id === fresh!.id)?.status).toBe('running');

    await ctx.db
      .update(scanChunks)
      .set({ status: 'running', attempts: 4, heartbeatAt: ago(2) })
      .where(eq(scanChunks.id, stale!.id));
    await sweepScans(deps);
    const res = (await getScan(ctx, owner, scan.id)).json();
    expect(res.status).toBe('failed');
    expect(res.error).toBe('A worker stopped responding while scanning chunk 2 (4 attempts)');
  });
});

describe('a chunk whose job was lost (sent while the database went down)', () => {
  it('is sent again; a chunk with a waiting job is not', async () => {
    const queue = createScanQueue({
      url: ctx.url,
      timeoutSeconds: 600,
      log: createLogger('silent'),
      supervise: false,
    });
    await queue.start();
    try {
      const scan = await seedScan(ctx, owner, { status: 'running', createdAt: ago(1) });
      await ctx.db.update(scans).set({ startedAt: new Date() }).where(eq(scans.id, scan.id));
      const queued = {
        status: 'queued' as const,
        attempts: 0,
        workerId: null,
        heartbeatAt: ago(1),
      };
      const [lost, waiting] = await ctx.db
        .insert(scanChunks)
        .values([
          { ...chunk(scan.id, 0, 0, ago(1)), ...queued },
          { ...chunk(scan.id, 1, 0, ago(1)), ...queued },
        ])
        .returning();
      await queue.sendChunks([waiting!.id]);
      sent.chunks.length = 0;
      await sweepScans(deps);
      expect(sent.chunks).toEqual([lost!.id]);
    } finally {
      await queue.stop();
    }
  });
});

describe('results are stored idempotently', () => {
  it('stores a finding and its mitigation actions once, however often a chunk is retried', async () => {
    const scan = await seedScan(ctx, owner, { status: 'running' });
    const owned = { scanId: scan.id, userId: owner.userId, organizationId: owner.organizationId };
    const finding = {
      check_id: 'ftp-anonymous',
      title: 'Anonymous FTP login allowed',
      severity: 'high' as const,
      vulnerability_type: 'misconfiguration',
      cve_id: null,
      cvss_score: 7.5,
      risk_score: 75,
      host: '127.0.0.1',
      port: 21,
      protocol: 'tcp' as const,
      service: 'ftp',
      description: 'd',
      solution: 's',
      evidence: '230 Login successful',
      mitigations: [
        {
          action_type: 'configuration' as const,
          priority: 'urgent' as const,
          title: 'Disable anonymous FTP',
          description: 'Turn it off',
          estimated_time: 15,
          instructions: ['Set anonymous_enable=NO', 'Restart vsftpd'],
        },
      ],
      time: new Date().toISOString(),
    };
    expect(await recordFinding(ctx.db, owned, finding)).not.toBeNull();
    expect(await recordFinding(ctx.db, owned, finding)).toBeNull();
    const vulns = await ctx.db
      .select()
      .from(vulnerabilities)
      .where(eq(vulnerabilities.scanId, scan.id));
    expect(vulns).toHaveLength(1);
    const actions = await ctx.db
      .select()
      .from(threatMitigationActions)
      .where(eq(threatMitigationActions.vulnerabilityId, vulns[0]!.id));
    expect(actions).toHaveLength(1);
    const detail = (await getScan(ctx, owner, scan.id)).json();
    expect(detail.vulnerabilities[0]).toMatchObject({
      title: 'Anonymous FTP login allowed',
      evidence: '230 Login successful',
      threat_mitigation_actions: [
        {
          title: 'Disable anonymous FTP',
          instructions: ['Set anonymous_enable=NO', 'Restart vsftpd'],
          estimated_time: 15,
        },
      ],
    });
  });
});
