import type { TScanType } from '@netguard/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  scanChunks,
  scanHosts,
  scans,
  threatMitigationActions,
  vulnerabilities,
} from '../src/db/schema.ts';
import {
  markFixed,
  recordFinding,
} from '../src/modules/vulnerabilities/vulnerabilities.lifecycle.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { ago, finding, seedScan } from './seed.ts';

let ctx: TestContext;
let owner: Account;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, 'lifecycle@example.com');
});
afterAll(() => ctx?.close());

/** A scan that ran (started `startedMinutesAgo`) over hosts up and one chunk of ports. */
async function ranScan(
  hosts: string[],
  ports: number[],
  opts: { type?: TScanType; startedMinutesAgo?: number; chunkStatus?: 'done' | 'failed' } = {},
) {
  const scan = await seedScan(ctx, owner, {
    status: 'running',
    type: opts.type ?? 'vulnerability',
    targets: hosts,
    createdAt: ago((opts.startedMinutesAgo ?? 1) + 1),
  });
  await ctx.db.insert(scanChunks).values({
    scanId: scan.id,
    index: 0,
    spec: { targets: hosts, ports },
    weight: hosts.length * ports.length,
    status: opts.chunkStatus ?? 'done',
  });
  if (hosts.length)
    await ctx.db.insert(scanHosts).values(hosts.map((address) => ({ scanId: scan.id, address })));
  const owned = { scanId: scan.id, userId: owner.userId, organizationId: owner.organizationId };
  const complete = async () => {
    await ctx.db.update(scans).set({ status: 'completed' }).where(eq(scans.id, scan.id));
    return markFixed(ctx.db, scan.id);
  };
  return { scan, owned, complete };
}

const load = async (id: string) =>
  (await ctx.db.select().from(vulnerabilities).where(eq(vulnerabilities.id, id)))[0]!;

describe('the same finding across scans', () => {
  it('is one vulnerability with first seen, last seen and one occurrence per scan', async () => {
    const f = finding({ host: '198.51.100.10' });
    const first = await ranScan([f.host], [6379]);
    const id = await recordFinding(ctx.db, first.owned, f);
    expect(id).not.toBeNull();
    // A retried chunk reports it again: still one occurrence.
    expect(await recordFinding(ctx.db, first.owned, f)).toBeNull();
    expect(await load(id!)).toMatchObject({ occurrences: 1, state: 'open' });

    const second = await ranScan([f.host], [6379]);
    expect(await recordFinding(ctx.db, second.owned, { ...f, risk_score: 90 })).toBeNull();
    const row = await load(id!);
    expect(row).toMatchObject({ occurrences: 2, riskScore: 90, lastScanId: second.scan.id });
    expect(row.lastSeenAt.getTime()).toBeGreaterThan(row.firstSeenAt.getTime());
    const due = row.dueAt!.getTime() - row.firstSeenAt.getTime();
    expect(due).toBe(24 * 3_600_000);
    const all = await ctx.db.select().from(vulnerabilities).where(eq(vulnerabilities.host, f.host));
    expect(all).toHaveLength(1);
    const actions = await ctx.db
      .select()
      .from(threatMitigationActions)
      .where(eq(threatMitigationActions.vulnerabilityId, id!));
    expect(actions).toHaveLength(1);
  });

  it('a different port, check or CVE is a different vulnerability', async () => {
    const f = finding({ host: '198.51.100.11' });
    const { owned } = await ranScan([f.host], [6379, 6380]);
    const ids = await Promise.all([
      recordFinding(ctx.db, owned, f),
      recordFinding(ctx.db, owned, { ...f, port: 6380 }),
      recordFinding(ctx.db, owned, {
        ...f,
        check_id: 'vulnerable-version',
        cve_id: 'CVE-2022-0543',
      }),
    ]);
    expect(new Set(ids).size).toBe(3);
  });
});

describe('fixed and reopened', () => {
  it('is fixed by a later completed vulnerability scan that covered its host and port', async () => {
    const f = finding({ host: '198.51.100.20' });
    const id = await recordFinding(ctx.db, (await ranScan([f.host], [6379])).owned, f);
    // Port-only scans run no checks; another host or port does not cover it; a failed chunk neither.
    expect(await (await ranScan([f.host], [6379], { type: 'port' })).complete()).toBe(0);
    expect(await (await ranScan(['198.51.100.21'], [6379])).complete()).toBe(0);
    expect(await (await ranScan([f.host], [22, 80])).complete()).toBe(0);
    const failed = await ranScan([f.host], [6379], { chunkStatus: 'failed' });
    expect(await failed.complete()).toBe(0);
    expect((await load(id!)).state).toBe('open');

    const later = await ranScan([f.host], [22, 6379]);
    expect(await later.complete()).toBe(1);
    expect(await load(id!)).toMatchObject({ state: 'fixed', fixedScanId: later.scan.id });
  });

  it('is not fixed by the scan that saw it', async () => {
    const f = finding({ host: '198.51.100.22' });
    const run = await ranScan([f.host], [6379]);
    const id = await recordFinding(ctx.db, run.owned, f);
    expect(await run.complete()).toBe(0);
    expect((await load(id!)).state).toBe('open');
  });

  it('a fixed one seen again is reopened with a new due date', async () => {
    const f = finding({ host: '198.51.100.23', severity: 'high' });
    const id = await recordFinding(
      ctx.db,
      (await ranScan([f.host], [6379], { startedMinutesAgo: 30 })).owned,
      f,
    );
    await (await ranScan([f.host], [6379], { startedMinutesAgo: 20 })).complete();
    expect((await load(id!)).state).toBe('fixed');
    await recordFinding(ctx.db, (await ranScan([f.host], [6379])).owned, f);
    const row = await load(id!);
    expect(row).toMatchObject({ state: 'open', fixedAt: null, reopenCount: 1, occurrences: 2 });
    expect(row.dueAt!.getTime() - row.reopenedAt!.getTime()).toBe(48 * 3_600_000);
  });

  it('a mitigated one seen again by a scan begun after the fix is reopened', async () => {
    const f = finding({ host: '198.51.100.24' });
    const id = await recordFinding(
      ctx.db,
      (await ranScan([f.host], [6379], { startedMinutesAgo: 30 })).owned,
      f,
    );
    await ctx.db
      .update(threatMitigationActions)
      .set({ status: 'completed', updatedAt: ago(10) })
      .where(eq(threatMitigationActions.vulnerabilityId, id!));
    // A scan that began before the action was completed does not reopen it.
    await recordFinding(
      ctx.db,
      (await ranScan([f.host], [6379], { startedMinutesAgo: 15 })).owned,
      f,
    );
    expect((await load(id!)).reopenCount).toBe(0);

    await recordFinding(
      ctx.db,
      (await ranScan([f.host], [6379], { startedMinutesAgo: 1 })).owned,
      f,
    );
    expect(await load(id!)).toMatchObject({ state: 'open', reopenCount: 1, occurrences: 3 });
    const [action] = await ctx.db
      .select()
      .from(threatMitigationActions)
      .where(eq(threatMitigationActions.vulnerabilityId, id!));
    expect(action!.status).toBe('pending');
    const audit = await ctx.db.select().from(auditLogs).where(eq(auditLogs.resourceId, id!));
    expect(audit.map((a) => a.action)).toEqual(['vulnerability.reopened']);
    expect(audit[0]!.details).toMatchObject({ was: 'mitigated' });
  });
});
