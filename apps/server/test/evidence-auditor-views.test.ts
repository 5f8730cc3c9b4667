// Every auditor view is an audited event: each compliance read by an auditor (the organization's
// own, or an outside one under a time-boxed grant) writes one data_access event naming who, what
// and the grant; an admin's reads write none.
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents } from '../src/db/schema.ts';
import { auditorsOf, call, collectNow, grantAuditor } from './evidence-helpers.ts';
import { type Account, createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
let admin: Account;
let outside: Account;
let inside: Account;
let grantId: string;
let reportId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, outside, inside } = await auditorsOf(ctx, 'views'));
  await collectNow(ctx, admin, {});
  const made = await grantAuditor(ctx, admin, outside);
  expect(made.statusCode, made.body).toBe(201);
  grantId = made.json().id;
  const report = await call(ctx, admin, 'POST', '/api/compliance/reports', { frameworkId: 'soc2' });
  expect(report.statusCode, report.body).toBe(201);
  reportId = report.json().id;
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

type Meta = {
  action: string;
  view?: string;
  route?: string;
  target?: string | null;
  frameworkId?: string | null;
  count?: number | null;
  grants?: { id: string; frameworkId: string; expiresAt: string }[] | null;
};

const eventsOf = async (who: Account, action: string) =>
  (
    await ctx.db
      .select()
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.organizationId, admin.organizationId),
          eq(securityEvents.userId, who.userId),
          sql`${securityEvents.metadata}->>'action' = ${action}`,
        ),
      )
      .orderBy(asc(securityEvents.createdAt), asc(securityEvents.id))
  ).map((e) => ({ ...e, meta: e.metadata as Meta }));

/** The reads an auditor makes on the page, each a request that must leave one event. */
async function readEverything(who: Account) {
  const items = (
    await call(ctx, who, 'GET', '/api/compliance/evidence?frameworkId=soc2&limit=5')
  ).json().items as { id: string }[];
  expect(items.length).toBeGreaterThan(0);
  const reads = [
    '/api/compliance/frameworks',
    `/api/compliance/evidence/${items[0]!.id}`,
    `/api/compliance/evidence/${items[0]!.id}/download`,
    '/api/compliance/reports',
    `/api/compliance/reports/${reportId}/download?format=json`,
    '/api/compliance/readiness?frameworkId=soc2',
  ];
  for (const url of reads) {
    const res = await call(ctx, who, 'GET', url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  }
  return { item: items[0]!.id };
}

describe('auditor views', () => {
  it("record a granted auditor's every read: who, what and the grant, one event a request", async () => {
    const { item } = await readEverything(outside);
    const events = await eventsOf(outside, 'compliance_auditor_view');
    expect(events.map((e) => e.meta.view)).toEqual([
      'evidence_list',
      'frameworks',
      'evidence_item',
      'evidence_download',
      'reports',
      'report_download',
      'readiness',
    ]);
    for (const e of events) {
      expect(e.eventType).toBe('data_access');
      expect(e.userId).toBe(outside.userId);
      expect(e.meta.grants).toEqual([
        expect.objectContaining({ id: grantId, frameworkId: 'soc2' }),
      ]);
    }
    const download = events.find((e) => e.meta.view === 'evidence_download')!;
    expect(download.meta).toMatchObject({
      target: item,
      frameworkId: 'soc2',
      route: 'GET /api/compliance/evidence/:id/download',
    });
    expect(download.description).toBe(
      'Auditor viewed an evidence download (soc2) under a time-boxed grant',
    );
    expect(events.find((e) => e.meta.view === 'report_download')!.meta.target).toBe(reportId);
    expect(events.find((e) => e.meta.view === 'frameworks')!.meta.count).toBe(1);
  });

  it('make an export one event that carries the grant', async () => {
    const res = await call(ctx, outside, 'POST', '/api/compliance/export', { frameworkId: 'soc2' });
    expect(res.statusCode).toBe(200);
    const exports = await eventsOf(outside, 'evidence_package_exported');
    expect(exports).toHaveLength(1);
    expect(exports[0]!.meta).toMatchObject({
      frameworkId: 'soc2',
      grants: [expect.objectContaining({ id: grantId })],
    });
    // No second, view event for the same request.
    expect(
      (await eventsOf(outside, 'compliance_auditor_view')).filter((e) =>
        e.meta.route?.includes('export'),
      ),
    ).toEqual([]);
  });

  it("record the organization's own auditor without a grant", async () => {
    await readEverything(inside);
    const events = await eventsOf(inside, 'compliance_auditor_view');
    expect(events).toHaveLength(7);
    expect(events.every((e) => e.meta.grants === null)).toBe(true);
    expect(events[0]!.description).toBe('Auditor viewed evidence items (soc2)');
  });

  it("write none for an admin's reads", async () => {
    await readEverything(admin);
    expect(await eventsOf(admin, 'compliance_auditor_view')).toEqual([]);
  });

  it('write nothing for a read refused', async () => {
    const before = (await eventsOf(outside, 'compliance_auditor_view')).length;
    const res = await call(ctx, outside, 'GET', '/api/compliance/evidence?frameworkId=hipaa');
    expect(res.statusCode).toBe(403);
    expect(await eventsOf(outside, 'compliance_auditor_view')).toHaveLength(before);
  });
});
