// A time-boxed grant to an outside auditor: while it runs, one framework and the evidence of its
// audit period; once it ends, nothing. The organization's own auditors, without grants, keep
// seeing everything; only admins grant.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidenceAuditorGrants } from '../src/db/schema.ts';
import { auditorsOf, call, collectNow, DAY, grantAuditor, isoIn } from './evidence-helpers.ts';
import { type Account, createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
let admin: Account;
let outside: Account;
let inside: Account;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, outside, inside } = await auditorsOf(ctx, 'grants'));
  await collectNow(ctx, admin, {});
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const grant = (who: Account, body: Record<string, unknown>) =>
  grantAuditor(ctx, who, outside, body);

describe('auditor grants', () => {
  it('are given by admins, to auditors only', async () => {
    expect((await grant(inside, {})).statusCode).toBe(403);
    const notAuditor = await grant(admin, { email: admin.email });
    expect(notAuditor.json().error.message).toBe(
      `${admin.email} is not an auditor of this organization: invite them with the auditor role first`,
    );
    const past = await grant(admin, { expiresAt: isoIn(-DAY) });
    expect(past.json().error.message).toBe('expiresAt must be in the future');
    const made = await grant(admin, {});
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ email: outside.email, frameworkId: 'soc2', active: true });
  });

  it('limits the granted auditor to the framework and its audit period', async () => {
    const frameworks = (await call(ctx, outside, 'GET', '/api/compliance/frameworks')).json()
      .frameworks;
    expect(frameworks.map((f: { id: string }) => f.id)).toEqual(['soc2']);
    const iso27001 = await call(
      ctx,
      outside,
      'GET',
      '/api/compliance/evidence?frameworkId=iso27001',
    );
    expect(iso27001.statusCode).toBe(403);
    expect(iso27001.json().error.message).toBe('Your auditor access does not cover iso27001');
    const soc2 = (
      await call(ctx, outside, 'GET', '/api/compliance/evidence?frameworkId=soc2&limit=500')
    ).json();
    expect(soc2.total).toBeGreaterThan(0);
    // An item that serves other frameworks and no SOC 2 requirement: hidden from the grant.
    const all = (await call(ctx, inside, 'GET', '/api/compliance/evidence?limit=500')).json()
      .items as {
      id: string;
      requirementIds: string[];
    }[];
    const notSoc2 = all.find((i) => !i.requirementIds.some((r) => r.startsWith('soc2:')));
    expect(notSoc2).toBeDefined();
    expect(
      (await call(ctx, outside, 'GET', `/api/compliance/evidence/${notSoc2!.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx, inside, 'GET', `/api/compliance/evidence/${notSoc2!.id}`)).statusCode,
    ).toBe(200);
    expect((await call(ctx, outside, 'POST', '/api/compliance/export', {})).statusCode).toBe(403);
    const readiness = await call(
      ctx,
      outside,
      'GET',
      '/api/compliance/readiness?frameworkId=hipaa',
    );
    expect(readiness.statusCode).toBe(403);
    expect(
      (await call(ctx, outside, 'GET', '/api/compliance/readiness?frameworkId=soc2')).statusCode,
    ).toBe(200);
    const report = await call(ctx, outside, 'POST', '/api/compliance/reports', {
      frameworkId: 'gdpr',
    });
    expect(report.statusCode).toBe(403);
    const dashboard = (await call(ctx, outside, 'GET', '/api/compliance/dashboard')).json();
    expect(dashboard.frameworks.map((f: { id: string }) => f.id)).toEqual(['soc2']);
    expect(
      (await call(ctx, outside, 'POST', '/api/compliance/export', { frameworkId: 'soc2' }))
        .statusCode,
    ).toBe(200);
    // The organization's own auditor has no grant: everything.
    const theirs = (await call(ctx, inside, 'GET', '/api/compliance/frameworks')).json().frameworks;
    expect(theirs).toHaveLength(5);
  });

  it('shows no evidence observed outside the audit period', async () => {
    await ctx.db.update(evidenceAuditorGrants).set({
      periodStart: new Date(Date.now() - 60 * DAY),
      periodEnd: new Date(Date.now() - 30 * DAY),
    });
    const soc2 = (
      await call(ctx, outside, 'GET', '/api/compliance/evidence?frameworkId=soc2')
    ).json();
    expect(soc2.total).toBe(0);
  });

  it('ends at its expiry: every compliance call is refused, saying when', async () => {
    const [row] = await ctx.db.select().from(evidenceAuditorGrants);
    const ended = new Date(Date.now() - 1000);
    await ctx.db
      .update(evidenceAuditorGrants)
      .set({ expiresAt: ended })
      .where(eq(evidenceAuditorGrants.id, row!.id));
    const res = await call(ctx, outside, 'GET', '/api/compliance/frameworks');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(
      `Your auditor access to compliance evidence ended at ${ended.toISOString()}`,
    );
    const list = (await call(ctx, admin, 'GET', '/api/compliance/auditor-grants')).json().grants;
    expect(list).toMatchObject([{ id: row!.id, active: false }]);
    expect(
      (await call(ctx, admin, 'DELETE', `/api/compliance/auditor-grants/${row!.id}`)).statusCode,
    ).toBe(204);
    // Without grants the member is an ordinary auditor again.
    expect((await call(ctx, outside, 'GET', '/api/compliance/frameworks')).statusCode).toBe(200);
  });
});
