// Auditors request evidence: an auditor (a grant holder within the grant's framework) asks for
// evidence for a requirement; admins list the open requests and close them, fulfilled by an
// upload or a collection run, or declined with a reason. Opening and closing are security events.
import { readZip, verifyPackage } from '@netguard/evidence';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidenceLedger, securityEvents } from '../src/db/schema.ts';
import { auditorsOf, call, collectNow, grantAuditor, upload } from './evidence-helpers.ts';
import { type Account, createTestApp, type TestContext } from './helpers.ts';
import { memberOf } from './tenant-matrix-fixtures.ts';

let ctx: TestContext;
let admin: Account;
let analyst: Account;
let outside: Account;
let inside: Account;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, outside, inside } = await auditorsOf(ctx, 'requests'));
  analyst = await memberOf(ctx, admin.organizationId, 'security_analyst', 'requests-analyst');
  const made = await grantAuditor(ctx, admin, outside);
  expect(made.statusCode, made.body).toBe(201);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const ask = (who: Account, body: Record<string, unknown>) =>
  call(ctx, who, 'POST', '/api/compliance/requests', {
    frameworkId: 'soc2',
    requirementId: 'CC6.1',
    message: 'The access review of the last quarter, please',
    ...body,
  });
const close = (who: Account, id: string, body: Record<string, unknown>) =>
  call(ctx, who, 'POST', `/api/compliance/requests/${id}/close`, body);
const messageOf = (res: { json: () => { error: { message: string } } }) => res.json().error.message;

describe('evidence requests', () => {
  it('are made by auditors, a grant holder within the grant, each input checked', async () => {
    const made = await ask(outside, {});
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      frameworkId: 'soc2',
      requirementId: 'CC6.1',
      status: 'open',
      requestedBy: outside.email,
      closedAt: null,
    });
    const notGranted = await ask(outside, { frameworkId: 'hipaa', requirementId: '164.308(a)(1)' });
    expect(notGranted.statusCode).toBe(403);
    expect(messageOf(notGranted)).toBe('Your auditor access does not cover hipaa');
    const unknown = await ask(inside, { requirementId: 'CC99.9' });
    expect(unknown.statusCode).toBe(400);
    expect(messageOf(unknown)).toBe('Unknown requirement "CC99.9" in soc2');
    const empty = await ask(inside, { message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(messageOf(empty)).toContain('Say what evidence you need');
    const long = await ask(inside, { message: 'x'.repeat(2001) });
    expect(messageOf(long)).toContain('The message is too long (2000 characters at most)');
    expect((await ask(analyst, {})).statusCode).toBe(403);
    // The organization's own auditor asks for any framework.
    expect((await ask(inside, { frameworkId: 'gdpr', requirementId: 'Art. 32' })).statusCode).toBe(
      201,
    );
  });

  it('are listed for admins; a grant holder sees those of the granted framework', async () => {
    const open = (await call(ctx, admin, 'GET', '/api/compliance/requests?status=open')).json()
      .requests as { frameworkId: string }[];
    expect(open.map((r) => r.frameworkId)).toEqual(['gdpr', 'soc2']);
    const theirs = (await call(ctx, outside, 'GET', '/api/compliance/requests')).json().requests;
    expect(theirs.map((r: { frameworkId: string }) => r.frameworkId)).toEqual(['soc2']);
    // The grant holder's read is an audited view, like every compliance read of an auditor.
    const [view] = await ctx.db
      .select()
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.userId, outside.userId),
          sql`${securityEvents.metadata}->>'view' = 'requests'`,
        ),
      );
    expect(view?.metadata).toMatchObject({ count: 1, grants: [{ frameworkId: 'soc2' }] });
    const bad = await call(ctx, admin, 'GET', '/api/compliance/requests?status=maybe');
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('status must be one of open, fulfilled, declined');
  });

  it('are closed by admins: fulfilled by an upload that serves the requirement', async () => {
    const req = (await ask(inside, {})).json();
    expect((await close(inside, req.id, { outcome: 'declined', reason: 'no' })).statusCode).toBe(
      403,
    );
    const missing = await close(admin, req.id, { outcome: 'fulfilled' });
    expect(missing.statusCode).toBe(400);
    expect(messageOf(missing)).toContain(
      'A fulfilled request names the evidence item or the collection run that fulfils it',
    );
    const other = await upload(ctx, admin, 'policy.txt', Buffer.from('policy\n'), {
      requirementIds: 'soc2:CC1.1',
    });
    const wrong = await close(admin, req.id, { outcome: 'fulfilled', evidenceId: other.json().id });
    expect(wrong.statusCode).toBe(400);
    expect(messageOf(wrong)).toBe('That evidence does not serve soc2:CC6.1');
    const right = await upload(ctx, admin, 'review.txt', Buffer.from('access review\n'), {
      requirementIds: 'soc2:CC6.1',
    });
    expect(right.statusCode, right.body).toBe(201);
    const done = await close(admin, req.id, { outcome: 'fulfilled', evidenceId: right.json().id });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'fulfilled',
      evidenceId: right.json().id,
      closedBy: admin.email,
      requestedBy: inside.email,
      reason: null,
    });
    const again = await close(admin, req.id, { outcome: 'declined', reason: 'late' });
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe('This evidence request is already fulfilled');
  });

  it('are fulfilled by a completed collection run of the framework, or declined with a reason', async () => {
    const req = (await ask(inside, {})).json();
    const gdprRun = await collectNow(ctx, admin, { frameworkId: 'gdpr' });
    const wrongRun = await close(admin, req.id, { outcome: 'fulfilled', runId: gdprRun.id });
    expect(messageOf(wrongRun)).toBe('That collection run did not collect soc2');
    const run = await collectNow(ctx, admin, { frameworkId: 'soc2' });
    expect(run.status).toBe('completed');
    const done = await close(admin, req.id, { outcome: 'fulfilled', runId: run.id });
    expect(done.json()).toMatchObject({ status: 'fulfilled', runId: run.id, evidenceId: null });

    const declined = (await ask(inside, {})).json();
    const noReason = await close(admin, declined.id, { outcome: 'declined' });
    expect(noReason.statusCode).toBe(400);
    const res = await close(admin, declined.id, {
      outcome: 'declined',
      reason: 'Covered by the SOC 2 report of May',
    });
    expect(res.json()).toMatchObject({
      status: 'declined',
      reason: 'Covered by the SOC 2 report of May',
    });
    expect(
      (
        await close(admin, '00000000-0000-4000-8000-000000000000', {
          outcome: 'declined',
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
    const events = await ctx.db
      .select()
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.organizationId, admin.organizationId),
          sql`${securityEvents.metadata}->>'requestId' = ${declined.id}`,
        ),
      );
    expect(events.map((e) => e.description).sort()).toEqual([
      'Evidence request for soc2:CC6.1 declined',
      'Evidence requested for soc2:CC6.1',
    ]);
  });

  it('are ledger rows the exported package carries, its chain and digests intact', async () => {
    const rows = await ctx.db
      .select()
      .from(evidenceLedger)
      .where(
        and(
          eq(evidenceLedger.organizationId, admin.organizationId),
          inArray(evidenceLedger.kind, ['evidence_requested', 'evidence_request_closed']),
        ),
      );
    const requests = (await call(ctx, admin, 'GET', '/api/compliance/requests')).json()
      .requests as { id: string; status: string }[];
    // One row when each was made, one more when it was closed.
    expect(rows).toHaveLength(requests.length + requests.filter((r) => r.status !== 'open').length);
    const declined = requests.find((r) => r.status === 'declined')!;
    expect(rows.filter((r) => r.evidenceId === declined.id).map((r) => [r.kind, r.status])).toEqual(
      [
        ['evidence_requested', 'open'],
        ['evidence_request_closed', 'declined'],
      ],
    );
    const pkg = await call(ctx, admin, 'POST', '/api/compliance/export', {});
    expect(pkg.statusCode).toBe(200);
    const checked = verifyPackage(pkg.rawPayload);
    expect(checked.breaks).toEqual([]);
    const ledger = JSON.parse(
      readZip(pkg.rawPayload)
        .find((e) => e.name === 'ledger.json')!
        .data.toString(),
    ) as { kind: string }[];
    expect(ledger.filter((r) => r.kind === 'evidence_request_closed').length).toBe(3);
  });
});
