import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threatMitigationActions, vulnerabilities } from '../src/db/schema.ts';
import { recordFinding } from '../src/modules/vulnerabilities/vulnerabilities.lifecycle.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { ago, finding, seedScan } from './seed.ts';

let ctx: TestContext;
let alice: Account;
let bob: Account;
const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;

/** 120 findings for alice: severity by i % 5, CVE on every 10th, one CSV-formula title. */
beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createAccount(ctx, 'alice-vulns@example.com');
  bob = await createAccount(ctx, 'bob-vulns@example.com');
  const scan = await seedScan(ctx, alice, { status: 'completed', type: 'vulnerability' });
  const owned = { scanId: scan.id, userId: alice.userId, organizationId: alice.organizationId };
  for (let i = 0; i < 120; i++) {
    await recordFinding(
      ctx.db,
      owned,
      finding({
        host: `192.0.2.${i}`,
        severity: SEVERITIES[i % 5],
        risk_score: i % 100,
        cve_id: i % 10 === 0 ? `CVE-2024-${String(6000 + i)}` : null,
        title: i === 7 ? '=HYPERLINK("http://198.51.100.1","x")' : `Finding ${i}`,
      }),
    );
  }
  // Two of alice's critical findings are long past due.
  await ctx.db
    .update(vulnerabilities)
    .set({ dueAt: ago(60) })
    .where(eq(vulnerabilities.host, '192.0.2.0'));
  await ctx.db
    .update(vulnerabilities)
    .set({ dueAt: ago(60) })
    .where(eq(vulnerabilities.host, '192.0.2.5'));
  const bobScan = await seedScan(ctx, bob, { status: 'completed', type: 'vulnerability' });
  await recordFinding(
    ctx.db,
    { scanId: bobScan.id, userId: bob.userId, organizationId: bob.organizationId },
    finding({ host: '203.0.113.9', title: 'Bob only' }),
  );
});
afterAll(() => ctx?.close());

const list = (who: Account, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/vulnerabilities${query}`, headers: who.auth });

const patchAction = (who: Account, id: string, body: unknown) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/mitigation-actions/${id}`,
    headers: who.auth,
    payload: body as object,
  });

describe('GET /api/vulnerabilities', () => {
  it('pages newest first, with nested actions and the summary of the whole organization', async () => {
    const first = (await list(alice, '?limit=50')).json();
    expect(first.total).toBe(120);
    expect(first.items).toHaveLength(50);
    expect(first.summary).toEqual({ total: 120, critical: 24, high: 24, mitigated: 0, overdue: 2 });
    expect(first.items[0].threat_mitigation_actions).toHaveLength(1);
    const third = (await list(alice, '?limit=50&offset=100')).json();
    expect(third.items).toHaveLength(20);
    const ids = new Set([...first.items, ...third.items].map((v: { id: string }) => v.id));
    expect(ids.size).toBe(70);
  });

  it('searches title, host, type and CVE, and filters severity, status and overdue', async () => {
    expect((await list(alice, '?search=cve-2024-6010')).json().total).toBe(1);
    expect((await list(alice, '?search=192.0.2.11')).json().total).toBe(11); // 11, 110-119
    expect((await list(alice, '?search=AUTHENTICATION')).json().total).toBe(120);
    expect((await list(alice, '?search=100%25')).json().total).toBe(0);
    expect((await list(alice, '?severity=high')).json().total).toBe(24);
    expect((await list(alice, '?status=unmitigated&severity=info')).json().total).toBe(24);
    const overdue = (await list(alice, '?overdue=true')).json();
    expect(overdue.items.map((v: { host: string }) => v.host).sort()).toEqual([
      '192.0.2.0',
      '192.0.2.5',
    ]);
    expect(overdue.items.every((v: { overdue: boolean }) => v.overdue)).toBe(true);
  });

  it('sorts by risk, severity and due date', async () => {
    const risk = (await list(alice, '?sort=risk&limit=3')).json().items;
    expect(risk.map((v: { risk_score: number }) => v.risk_score)).toEqual([99, 98, 97]);
    const severity = (await list(alice, '?sort=severity&limit=30')).json().items;
    expect(
      severity.slice(0, 24).every((v: { severity: string }) => v.severity === 'critical'),
    ).toBe(true);
    const due = (await list(alice, '?sort=due&limit=2')).json().items;
    expect(due.map((v: { host: string }) => v.host).sort()).toEqual(['192.0.2.0', '192.0.2.5']);
  });

  it('refuses bad filters with 400 and a message', async () => {
    for (const q of [
      '?severity=urgent',
      '?status=done',
      '?limit=0',
      '?limit=500',
      '?overdue=yes',
    ]) {
      const res = await list(alice, q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
  });

  it('shows one organization nothing of another', async () => {
    const page = (await list(bob)).json();
    expect(page.total).toBe(1);
    expect(page.items[0].title).toBe('Bob only');
    expect(page.summary.total).toBe(1);
    expect((await list(bob, '?search=192.0.2')).json().total).toBe(0);
  });
});

describe('PATCH /api/mitigation-actions/:id', () => {
  it('sets the status; a completed action makes the vulnerability mitigated', async () => {
    const [target] = (await list(alice, '?search=192.0.2.3&limit=1')).json().items;
    const action = target.threat_mitigation_actions[0];
    for (const status of ['in_progress', 'dismissed', 'completed']) {
      const res = await patchAction(alice, action.id, { status });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: action.id, status });
    }
    const mitigated = (await list(alice, '?status=mitigated')).json();
    expect(mitigated.items.map((v: { id: string }) => v.id)).toEqual([target.id]);
    expect(mitigated.items[0].mitigated).toBe(true);
    expect(mitigated.summary.mitigated).toBe(1);
  });

  it('refuses a bad status (400), an unknown id (404) and another organization (404)', async () => {
    const [target] = (await list(alice, '?limit=1')).json().items;
    const actionId = target.threat_mitigation_actions[0].id;
    expect((await patchAction(alice, actionId, { status: 'done' })).statusCode).toBe(400);
    expect((await patchAction(alice, 'not-a-uuid', { status: 'completed' })).statusCode).toBe(400);
    expect(
      (await patchAction(alice, '00000000-0000-4000-8000-000000000000', { status: 'completed' }))
        .statusCode,
    ).toBe(404);
    expect((await patchAction(bob, actionId, { status: 'completed' })).statusCode).toBe(404);
    const [row] = await ctx.db
      .select()
      .from(threatMitigationActions)
      .where(eq(threatMitigationActions.id, actionId));
    expect(row!.status).toBe('pending');
  });
});

describe('GET /api/vulnerabilities/export', () => {
  const exportAs = (who: Account, query: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/vulnerabilities/export${query}`,
      headers: who.auth,
    });

  it('downloads the filtered list as CSV, with formula cells neutralised', async () => {
    const res = await exportAs(alice, '?format=csv&severity=low');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="vulnerabilities-.*\.csv"/,
    );
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^id,title,severity,state,mitigated,overdue,host,port/);
    expect(lines).toHaveLength(25);
    const formula = (await exportAs(alice, '?format=csv&search=HYPERLINK')).body;
    expect(formula).toContain(`"'=HYPERLINK(""http://198.51.100.1"",""x"")"`);
  });

  it('downloads every match as JSON', async () => {
    const res = await exportAs(alice, '?format=json');
    const items = JSON.parse(res.body);
    expect(items).toHaveLength(120);
    expect(items[0]).toHaveProperty('threat_mitigation_actions');
    expect(JSON.parse((await exportAs(bob, '?format=json&search=192.0.2')).body)).toEqual([]);
    expect((await exportAs(alice, '?format=xml')).statusCode).toBe(400);
  });
});
