import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { loadConfig } from '../src/config.ts';
import { mailOutbox, organizationSettings, scans } from '../src/db/schema.ts';
import { createLogger } from '../src/lib/logger.ts';
import { createMailer } from '../src/lib/mailer.ts';
import { notifyFinishedScans } from '../src/modules/notifications/notify-scans.ts';
import { sendWeeklyReports } from '../src/modules/notifications/weekly-report.ts';
import { createScanService } from '../src/modules/scans/scans.service.ts';
import { runDueAutoScans, scheduledName } from '../src/modules/settings/auto-scan.runner.ts';
import { createSubscriptionService } from '../src/modules/subscription/subscription.service.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { ago, seedScan, seedVulnerability } from './seed.ts';

let ctx: TestContext;
let owner: Account;
const log = createLogger('silent');
const URL_BASE = 'https://netguard.example';
let mailer: ReturnType<typeof createMailer>;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, 'notices@example.com');
  mailer = createMailer({ from: 'netguard@example.com', db: ctx.db, log });
});
afterAll(() => ctx?.close());

const mailsTo = async (email: string) =>
  (
    await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.createdAt))
  ).filter((m) => !m.subject.includes('Confirm'));

const putSettings = (part: 'notifications' | 'api', payload: object) =>
  ctx.app.inject({ method: 'PUT', url: `/api/settings/${part}`, headers: owner.auth, payload });

describe('scan notices', () => {
  it('mail the outcome and the new critical findings once per finished scan', async () => {
    const done = await seedScan(ctx, owner, { status: 'completed', name: 'Office LAN' });
    await seedVulnerability(ctx, owner, done.id, { severity: 'critical' });
    const failed = await seedScan(ctx, owner, { status: 'failed', name: 'DMZ' });
    await ctx.db
      .update(scans)
      .set({ error: 'No target could be scanned' })
      .where(eq(scans.id, failed.id));

    expect(await notifyFinishedScans(ctx.db, mailer, URL_BASE, log)).toBe(2);
    const subjects = (await mailsTo(owner.email)).map((m) => m.subject).sort();
    expect(subjects).toEqual([
      '1 new critical or high vulnerability in Office LAN',
      'Scan completed: Office LAN',
      'Scan failed: DMZ',
    ]);
    const failure = (await mailsTo(owner.email)).find((m) => m.subject === 'Scan failed: DMZ');
    expect(failure?.text).toContain('Reason: No target could be scanned');
    expect(failure?.link).toBe(`${URL_BASE}/dashboard/scans/${failed.id}`);
    expect(await notifyFinishedScans(ctx.db, mailer, URL_BASE, log)).toBe(0);
  });

  it('respect the notification switches', async () => {
    await putSettings('notifications', {
      email_notifications: true,
      scan_notifications: false,
      vulnerability_alerts: true,
      report_notifications: false,
    });
    const before = (await mailsTo(owner.email)).length;
    await seedScan(ctx, owner, { status: 'completed', name: 'Quiet' });
    expect(await notifyFinishedScans(ctx.db, mailer, URL_BASE, log)).toBe(1);
    expect((await mailsTo(owner.email)).length).toBe(before);
  });
});

describe('weekly report', () => {
  it('goes out when enabled, then not again within the week', async () => {
    await putSettings('notifications', {
      email_notifications: true,
      scan_notifications: true,
      vulnerability_alerts: true,
      report_notifications: true,
    });
    expect(await sendWeeklyReports(ctx.db, mailer, URL_BASE, log)).toBe(1);
    const [report] = await mailsTo(owner.email);
    expect(report?.subject).toBe('Your weekly NetGuard security report');
    expect(report?.text).toMatch(/Scans: \d+ \(\d+ completed, 1 failed\)/);
    expect(report?.text).toContain('Open: 1 critical');
    expect(await sendWeeklyReports(ctx.db, mailer, URL_BASE, log)).toBe(0);
  });
});

describe('scheduled re-scans', () => {
  const service = () =>
    createScanService({
      db: ctx.db,
      subscription: createSubscriptionService({ db: ctx.db }),
      queue: { sendPlan: async () => undefined },
      settings: loadConfig({}).scans,
      log,
      egress: ctx.app.egress,
    });

  it('re-run the last scan when due and move the next run on', async () => {
    await putSettings('api', {
      auto_scan_frequency: 'daily',
      max_concurrent_scans: 3,
      scan_timeout: 1800,
    });
    const last = await seedScan(ctx, owner, {
      status: 'completed',
      name: 'Nightly',
      targets: [testResources().host(1)],
      createdAt: ago(-1),
    });
    await ctx.db.update(scans).set({ ports: '6390,11299' }).where(eq(scans.id, last.id));
    expect(await runDueAutoScans(ctx.db, service(), log)).toEqual([]);
    await ctx.db
      .update(organizationSettings)
      .set({ nextAutoScanAt: ago(1) })
      .where(eq(organizationSettings.organizationId, owner.organizationId));
    const [id] = await runDueAutoScans(ctx.db, service(), log);
    const [scan] = await ctx.db.select().from(scans).where(eq(scans.id, id!));
    expect(scan).toMatchObject({
      scanName: 'Nightly - scheduled',
      status: 'running',
      targetHosts: [testResources().host(1)],
      ports: '6390,11299',
    });
    const [row] = await ctx.db
      .select()
      .from(organizationSettings)
      .where(eq(organizationSettings.organizationId, owner.organizationId));
    expect(row!.nextAutoScanAt!.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect(await runDueAutoScans(ctx.db, service(), log)).toEqual([]);
  });

  it('start no re-scan the egress policy keeps from the user who ran the last scan', async () => {
    // 127.0.0.1 is outside this file's block (EGRESS_ALLOWED_RANGES): this server, to a tenant.
    await seedScan(ctx, owner, {
      status: 'completed',
      name: 'Loopback',
      targets: ['127.0.0.1'],
      createdAt: ago(-2),
    });
    await ctx.db
      .update(organizationSettings)
      .set({ nextAutoScanAt: ago(1) })
      .where(eq(organizationSettings.organizationId, owner.organizationId));
    expect(await runDueAutoScans(ctx.db, service(), log)).toEqual([]);
    const copies = await ctx.db
      .select()
      .from(scans)
      .where(eq(scans.scanName, 'Loopback - scheduled'));
    expect(copies).toEqual([]);
  });

  it('name scheduled copies once, within the limit', () => {
    expect(scheduledName('Nightly - scheduled')).toBe('Nightly - scheduled');
    expect(scheduledName('x'.repeat(100))).toHaveLength(100);
  });
});
