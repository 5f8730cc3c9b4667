import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { seedScan, seedVulnerability } from './seed.ts';

let ctx: TestContext;
let alice: Account;
let bob: Account;
let aliceScanId: string;
const TARGET = testResources().host(1);

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createAccount(ctx, 'alice@example.com');
  bob = await createAccount(ctx, 'bob@example.com');
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/scans',
    headers: alice.auth,
    payload: {
      scan_name: 'Alice network',
      scan_type: 'port',
      // An address of the file's block, twice (127.0.0.1 is this server to a tenant).
      target_hosts: [TARGET, TARGET],
    },
  });
  expect(created.statusCode).toBe(201);
  aliceScanId = created.json().id;
  const finished = await seedScan(ctx, alice, { status: 'completed' });
  await seedVulnerability(ctx, alice, finished.id, { severity: 'critical' });
});
afterAll(() => ctx.close());

describe('one account cannot see or change another account’s data', () => {
  it('gives each user their own organization', () => {
    expect(alice.organizationId).not.toBe(bob.organizationId);
  });

  it('lists and reads scans only inside the caller’s organization', async () => {
    const own = await ctx.app.inject({ method: 'GET', url: '/api/scans', headers: alice.auth });
    expect(own.json().total).toBe(2);
    const created = own.json().items.find((s: { id: string }) => s.id === aliceScanId);
    expect(created).toMatchObject({ status: 'pending', progress: 0, target_hosts: [TARGET] });

    const other = await ctx.app.inject({ method: 'GET', url: '/api/scans', headers: bob.auth });
    expect(other.json()).toEqual({ items: [], total: 0 });
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/scans/${aliceScanId}`,
      headers: bob.auth,
    });
    expect(read.statusCode).toBe(404);
    expect(read.json().error.code).toBe('not_found');
    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/api/scans/${aliceScanId}`,
      headers: alice.auth,
    });
    expect(mine.json().scan_name).toBe('Alice network');
  });

  it('keeps dashboard counts apart', async () => {
    const bobs = await ctx.app.inject({ method: 'GET', url: '/api/dashboard', headers: bob.auth });
    expect(bobs.json()).toMatchObject({
      recent_scans: [],
      scans: { total: 0 },
      vulnerabilities: { total: 0, critical: 0 },
    });
    const alices = await ctx.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: alice.auth,
    });
    expect(alices.json()).toMatchObject({ scans: { total: 2 }, vulnerabilities: { critical: 1 } });
  });

  it('reads and changes only the caller’s own profile', async () => {
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: bob.auth,
      payload: { username: 'bobby', company_name: 'Bob Inc' },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({
      email: 'bob@example.com',
      username: 'bobby',
      company_name: 'Bob Inc',
    });

    const alices = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: alice.auth,
    });
    expect(alices.json()).toMatchObject({
      user_id: alice.userId,
      email: 'alice@example.com',
      username: 'alice',
      company_name: null,
      subscription_tier: 'Free',
    });
  });

  it('clears profile fields with empty strings and keeps omitted ones', async () => {
    const cleared = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: bob.auth,
      payload: { company_name: '' },
    });
    expect(cleared.json()).toMatchObject({ username: 'bobby', company_name: null });
    const tooLong = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: bob.auth,
      payload: { company_name: 'x'.repeat(101) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe('Company name too long');
  });
});
