// GET /api/selftest/health on a test deployment: the figures are measured (rows inserted raise the
// count, a job enqueued raises the queue's depth), another organization's rows are never counted,
// deployment operators get the deployment figures and admins do not, and the roles it refuses.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { TSystemHealth } from '@netguard/contracts';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scans } from '../src/db/schema.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { memberOf } from './tenant-matrix-fixtures.ts';

const OPERATOR = 'health-operator@example.com';

let ctx: TestContext;
let admin: Account;
let operator: Account;
let boss: PgBoss;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'netguard-health-'));
  ctx = await createTestApp({ NETGUARD_OPERATORS: OPERATOR, NETGUARD_DATA_DIR: dataDir });
  admin = await createAccount(ctx, 'health-admin@example.com');
  operator = await createAccount(ctx, OPERATOR);
  boss = new PgBoss({
    connectionString: ctx.url,
    schema: 'pgboss',
    supervise: false,
    schedule: false,
  });
  await boss.start();
});
afterAll(async () => {
  await boss.stop({ graceful: false });
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function health(who: Account): Promise<TSystemHealth> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/selftest/health',
    headers: who.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TSystemHealth;
}

function measured<T>(figure: { status: string; value?: T; reason?: string }): T {
  expect(figure.status, figure.reason).toBe('measured');
  return figure.value as T;
}

const rowsOf = (rows: { table: string; rows: number }[], table: string) =>
  rows.find((r) => r.table === table)?.rows;

const insertScans = (who: Account, count: number) =>
  ctx.db.insert(scans).values(
    Array.from({ length: count }, (_, i) => ({
      userId: who.userId,
      organizationId: who.organizationId,
      scanName: `health ${i}`,
      scanType: 'network' as const,
      targetHosts: ['127.0.0.1'],
      status: 'cancelled' as const,
    })),
  );

describe('health probes', () => {
  it('counts the rows of the caller’s organization, never another’s', async () => {
    const before = measured((await health(admin)).organization_rows);
    expect(rowsOf(before, 'user_roles')).toBe(1);
    await insertScans(admin, 3);
    await insertScans(operator, 5);
    const after = measured((await health(admin)).organization_rows);
    expect((rowsOf(after, 'scans') ?? 0) - (rowsOf(before, 'scans') ?? 0)).toBe(3);
    const theirs = measured((await health(operator)).organization_rows);
    expect(rowsOf(theirs, 'scans')).toBe(5);
    // Only tables of organizations: the shared ones (users, feeds) are deployment figures.
    expect(rowsOf(after, 'users')).toBeUndefined();
  });

  it('measures the realtime round trip and the mail transport for every reader', async () => {
    const figures = await health(admin);
    const trip = measured(figures.realtime);
    expect(trip.delivered).toBe(true);
    expect(trip.round_trip_ms).toBeGreaterThan(0);
    expect(measured(figures.mail)).toMatchObject({ transport: 'outbox', ok: true });
    // The probe's canary organization is gone afterwards.
    const left = await ctx.db.execute(
      sql`select count(*)::int as n from users where email like '%@selftest.invalid'`,
    );
    expect(left.rows[0]).toEqual({ n: 0 });
  });

  it('gives deployment figures to deployment operators only', async () => {
    const mine = await health(admin);
    expect(mine.deployment_operator).toBe(false);
    expect(mine.deployment).toBeNull();

    const theirs = await health(operator);
    expect(theirs.deployment_operator).toBe(true);
    const deployment = theirs.deployment;
    if (!deployment) throw new Error('no deployment figures for an operator');
    const rows = measured(deployment.rows);
    const users = await ctx.db.execute(sql`select count(*)::int as n from users`);
    expect(rowsOf(rows, 'users')).toBe((users.rows[0] as { n: number }).n);
    const allScans = await ctx.db.execute(sql`select count(*)::int as n from scans`);
    expect(rowsOf(rows, 'scans')).toBe((allScans.rows[0] as { n: number }).n);

    const disk = measured(deployment.disk);
    const stats = await statfs(disk.path);
    expect(disk.total_bytes).toBe(stats.blocks * stats.bsize);
    expect(disk.path).toBe(dataDir);
    expect(Math.abs(disk.free_bytes - stats.bavail * stats.bsize)).toBeLessThan(512 * 2 ** 20);

    // A figure that cannot be measured says why, with no number.
    await rm(dataDir, { recursive: true });
    const gone = (await health(operator)).deployment?.disk;
    await mkdir(dataDir);
    expect(gone).toMatchObject({ status: 'unmeasured', reason: expect.stringContaining('ENOENT') });
    expect(gone).not.toHaveProperty('value');
  });

  it('shows an enqueued job in the queue depth and the oldest wait', async () => {
    const queue = `health-probe-${randomBytes(4).toString('hex')}`;
    const before = measured((await health(operator)).deployment?.queue ?? { status: 'none' });
    await boss.createQueue(queue);
    await boss.send(queue, {});
    await boss.send(queue, {});
    await delay(400);
    const after = measured((await health(operator)).deployment?.queue ?? { status: 'none' });
    expect(after.depth - before.depth).toBeGreaterThanOrEqual(2);
    expect(after.queues).toContainEqual({ name: queue, depth: 2 });
    expect(after.oldest_wait_ms).toBeGreaterThanOrEqual(400);
  });

  it('lets readers of results read it and refuses the others', async () => {
    const auditor = await memberOf(ctx, admin.organizationId, 'auditor', 'health-auditor');
    const analyst = await memberOf(ctx, admin.organizationId, 'security_analyst', 'health-analyst');
    const viewer = await memberOf(ctx, admin.organizationId, 'viewer', 'health-viewer');
    const seen = measured((await health(auditor)).organization_rows);
    expect(rowsOf(seen, 'user_roles')).toBe(4);
    expect(rowsOf(seen, 'scans')).toBe(3);
    expect((await health(analyst)).deployment).toBeNull();
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/selftest/health',
      headers: viewer.auth,
    });
    expect(refused.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/selftest/health' });
    expect(anonymous.statusCode).toBe(401);
  });
});
