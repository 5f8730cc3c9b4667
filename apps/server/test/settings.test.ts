import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { scans } from '../src/db/schema.ts';
import { createLogger } from '../src/lib/logger.ts';
import type { JobDeps } from '../src/modules/scans/scans.jobs.ts';
import { sweepScans } from '../src/modules/scans/scans.sweep.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { createScan, getScan, scanAction } from './scan-helpers.ts';
import { ago, seedScan, subscribe } from './seed.ts';

let ctx: TestContext;
let owner: Account;
let other: Account;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, 'settings@example.com');
  other = await createAccount(ctx, 'settings-other@example.com');
});
afterAll(() => ctx?.close());

const get = (who: Account) =>
  ctx.app.inject({ method: 'GET', url: '/api/settings', headers: who.auth });
const put = (who: Account, part: 'notifications' | 'api', payload: object) =>
  ctx.app.inject({ method: 'PUT', url: `/api/settings/${part}`, headers: who.auth, payload });
const DAY = 86_400_000;

describe('settings', () => {
  it('starts with the spec defaults and a weekly re-scan a week out', async () => {
    const res = (await get(owner)).json();
    expect(res.notifications).toEqual({
      email_notifications: true,
      scan_notifications: true,
      vulnerability_alerts: true,
      report_notifications: false,
    });
    expect(res.api).toEqual({
      auto_scan_frequency: 'weekly',
      max_concurrent_scans: 3,
      scan_timeout: 1800,
    });
    expect(Date.parse(res.next_auto_scan_at) - Date.now()).toBeGreaterThan(6.9 * DAY);
  });

  it('stores notification switches per user', async () => {
    const body = {
      email_notifications: false,
      scan_notifications: true,
      vulnerability_alerts: false,
      report_notifications: true,
    };
    expect((await put(owner, 'notifications', body)).json().notifications).toEqual(body);
    expect((await get(owner)).json().notifications).toEqual(body);
    expect((await get(other)).json().notifications.report_notifications).toBe(false);
    expect(
      (await put(owner, 'notifications', { ...body, scan_notifications: 'yes' })).statusCode,
    ).toBe(400);
  });

  it('validates the API configuration with the spec limits', async () => {
    const ok = { auto_scan_frequency: 'daily', max_concurrent_scans: 2, scan_timeout: 600 };
    for (const [patch, message] of [
      [{ max_concurrent_scans: 0 }, 'Max concurrent scans must be between 1 and 10'],
      [{ max_concurrent_scans: 11 }, 'Max concurrent scans must be between 1 and 10'],
      [{ scan_timeout: 299 }, 'Scan timeout must be between 300 and 7200 seconds'],
      [{ scan_timeout: 7201 }, 'Scan timeout must be between 300 and 7200 seconds'],
    ] as const) {
      const res = await put(owner, 'api', { ...ok, ...patch });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    const saved = (await put(owner, 'api', ok)).json();
    expect(saved.api).toEqual(ok);
    expect(Date.parse(saved.next_auto_scan_at) - Date.now()).toBeGreaterThan(0.9 * DAY);
    const never = (await put(owner, 'api', { ...ok, auto_scan_frequency: 'never' })).json();
    expect(never.next_auto_scan_at).toBeNull();
    expect((await get(other)).json().api.max_concurrent_scans).toBe(3);
  });

  it('the scan service enforces the saved concurrency limit', async () => {
    await subscribe(ctx, other);
    await put(other, 'api', {
      auto_scan_frequency: 'never',
      max_concurrent_scans: 1,
      scan_timeout: 300,
    });
    const a = (await createScan(ctx, other, { scan_name: 'A' })).json();
    const b = (await createScan(ctx, other, { scan_name: 'B' })).json();
    expect((await scanAction(ctx, other, a.id, 'start')).json().status).toBe('running');
    const second = (await scanAction(ctx, other, b.id, 'start')).json();
    expect(second.status).toBe('pending');
  });

  it('the sweep enforces the saved timeout', async () => {
    await put(owner, 'api', {
      auto_scan_frequency: 'never',
      max_concurrent_scans: 3,
      scan_timeout: 300,
    });
    const scan = await seedScan(ctx, owner, { status: 'running', createdAt: ago(7) });
    const deps: JobDeps = {
      db: ctx.db,
      queue: { sendPlan: async () => undefined, sendChunks: async () => undefined },
      settings: { ...loadConfig({}).scans, timeoutSeconds: 1800 },
      workerId: 'test-worker',
      log: createLogger('silent'),
      shutdown: new AbortController().signal,
      egress: ctx.app.egress,
    };
    await sweepScans(deps);
    expect((await getScan(ctx, owner, scan.id)).json()).toMatchObject({
      status: 'failed',
      error: 'Scan timed out after 300 seconds',
    });
    await ctx.db.delete(scans).where(eq(scans.id, scan.id));
  });
});
