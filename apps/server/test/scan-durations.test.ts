import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scans } from '../src/db/schema.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { seedScan } from './seed.ts';

let ctx: TestContext;
let owner: Account;
let stranger: Account;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, 'durations@example.com');
  stranger = await createAccount(ctx, 'durations-stranger@example.com');
  for (const minutes of [3, 1, 8]) {
    await seedScan(ctx, owner, { status: 'completed', type: 'network', durationMinutes: minutes });
  }
  await seedScan(ctx, owner, { status: 'failed', type: 'network', durationMinutes: 60 });
  await seedScan(ctx, owner, { status: 'running', type: 'comprehensive' });
  await seedScan(ctx, stranger, { status: 'completed', type: 'port', durationMinutes: 20 });
  // An imported report starts and completes at the same instant: it measured nothing.
  const now = new Date();
  await ctx.db.insert(scans).values({
    userId: owner.userId,
    organizationId: owner.organizationId,
    scanName: 'Imported nmap report',
    scanType: 'port',
    targetHosts: ['127.0.0.1'],
    status: 'completed',
    progress: 100,
    startedAt: now,
    completedAt: now,
  });
});
afterAll(() => ctx.close());

const durations = (account: Account) =>
  ctx.app.inject({ method: 'GET', url: '/api/scans/durations', headers: account.auth });

describe('GET /api/scans/durations', () => {
  it("measures each scan type from the organization's own completed scans", async () => {
    const res = await durations(owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().durations).toEqual([
      {
        scan_type: 'network',
        completed: 3,
        median_seconds: 180,
        fastest_seconds: 60,
        slowest_seconds: 480,
      },
      ...['port', 'vulnerability', 'comprehensive'].map((scan_type) => ({
        scan_type,
        completed: 0,
        median_seconds: null,
        fastest_seconds: null,
        slowest_seconds: null,
      })),
    ]);
  });

  it("never counts another organization's scans", async () => {
    const [, port] = (await durations(stranger)).json().durations;
    expect(port).toMatchObject({ scan_type: 'port', completed: 1, median_seconds: 1200 });
    const [network] = (await durations(stranger)).json().durations;
    expect(network).toMatchObject({ completed: 0, median_seconds: null });
  });

  it('needs a signed-in caller', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/scans/durations' });
    expect(res.statusCode).toBe(401);
  });
});
