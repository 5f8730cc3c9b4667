import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { scanChunks, scans } from '../src/db/schema.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { seedScan } from './seed.ts';

const net = testResources();
let ctx: TestContext;
let owner: Account;
let stranger: Account;

/** A completed scan of `type` that ran `seconds` over chunks holding `probes` probes. */
async function measured(who: Account, type: 'port' | 'network', seconds: number, probes: number) {
  const scan = await seedScan(ctx, who, { status: 'completed', type, targets: [net.host(1)] });
  const startedAt = new Date(Date.now() - 60_000);
  await ctx.db
    .update(scans)
    .set({ startedAt, completedAt: new Date(startedAt.getTime() + seconds * 1000) })
    .where(eq(scans.id, scan.id));
  await ctx.db.insert(scanChunks).values(
    [probes / 2, probes / 2].map((weight, index) => ({
      scanId: scan.id,
      index,
      spec: { targets: [net.host(1)], ports: [80] },
      weight,
      status: 'done' as const,
    })),
  );
}

function estimate(who: Account, payload: object) {
  return ctx.app.inject({ method: 'POST', url: '/api/scans/estimate', headers: who.auth, payload });
}

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, 'estimate@example.com');
  stranger = await createAccount(ctx, 'estimate-other@example.com');
});
afterAll(() => ctx.close());

describe('POST /api/scans/estimate: the duration measured scans predict', () => {
  it('counts the planner’s addresses times the ports, and gives no range before any measurement', async () => {
    const res = await estimate(owner, { scan_type: 'port', target_hosts: [net.subnet(0, 30)] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      probes: 4 * 1000,
      low_seconds: null,
      high_seconds: null,
      measured_scans: 0,
    });
  });

  it('scales the fastest and slowest rate of the type’s recent scans, ignoring other types, organizations and imports', async () => {
    await measured(owner, 'port', 1.1, 1000); // 1.1 ms per probe
    await measured(owner, 'port', 2.2, 1000); // 2.2 ms per probe
    await measured(owner, 'network', 500, 100);
    await measured(stranger, 'port', 900, 1000);
    await seedScan(ctx, owner, { status: 'completed', type: 'port', durationMinutes: 90 });

    const res = await estimate(owner, {
      scan_type: 'port',
      target_hosts: [net.host(1), net.host(2)],
      ports: '1-500',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      probes: 1000,
      low_seconds: 1.1,
      high_seconds: 2.2,
      measured_scans: 2,
    });
  });

  it('answers a bad body with 400 and the contract’s message, not a 500', async () => {
    const res = await estimate(owner, { scan_type: 'deep', target_hosts: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/scan type/i);
  });
});
