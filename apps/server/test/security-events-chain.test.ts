import { readFileSync } from 'node:fs';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client.ts';
import { securityEvents } from '../src/db/schema.ts';
import { insertSecurityEvent } from '../src/modules/audit/audit.repo.ts';
import { GENESIS_HASH } from '../src/modules/audit/event-chain.ts';
import { verifySecurityEvents } from '../src/modules/audit/security-events.ts';
import { netguard } from './cli-run.ts';
import {
  type Account,
  createAccount,
  createTestApp,
  PASSWORD,
  signIn,
  type TestContext,
} from './helpers.ts';

let ctx: TestContext;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createAccount(ctx, 'chain-alice@example.com');
  bob = await createAccount(ctx, 'chain-bob@example.com');
});
afterAll(() => ctx?.close());

const meta = { ip: '203.0.113.7', userAgent: 'chain-test' };
const listScans = (who: Account) =>
  ctx.app.inject({ method: 'GET', url: '/api/scans', headers: who.auth });

/** The chain of an organization (null: events without one), in seq order. */
async function chain(organizationId: string | null) {
  return ctx.db
    .select()
    .from(securityEvents)
    .where(
      organizationId === null
        ? isNull(securityEvents.chainOrg)
        : eq(securityEvents.chainOrg, organizationId),
    )
    .orderBy(asc(securityEvents.seq));
}

async function expectGapless(organizationId: string | null) {
  const rows = await chain(organizationId);
  expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
  expect(rows[0]?.prevHash).toBe(GENESIS_HASH);
  for (let i = 1; i < rows.length; i++) expect(rows[i]?.prevHash).toBe(rows[i - 1]?.hash);
  return rows;
}

const verifyOrg = (organizationId: string) => verifySecurityEvents(ctx.db, { organizationId });

/** Runs `work` with the append-only trigger off, as a database superuser could. */
function asSuperuser(work: (tx: Executor) => Promise<unknown>) {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await work(tx);
  });
}

describe('security event chain', () => {
  it('chains the events of sign-ins and permission checks per organization, and verifies them', async () => {
    expect((await signIn(ctx, 'chain-nobody@example.com')).statusCode).toBe(401);
    expect((await signIn(ctx, alice.email, 'Wr0ng!Passw0rd')).statusCode).toBe(401);
    for (const who of [alice, bob, alice]) expect((await listScans(who)).statusCode).toBe(200);
    await ctx.app.accessEvents.flush();

    for (const who of [alice, bob]) {
      const rows = await expectGapless(who.organizationId);
      const types = rows.map((r) => r.eventType);
      expect(types).toContain('auth_attempt');
      expect(types).toContain('data_access');
      expect(rows.every((r) => r.organizationId === who.organizationId)).toBe(true);
    }
    const anonymous = await expectGapless(null);
    expect(anonymous.some((r) => r.metadata && (r.metadata as { email?: string }).email)).toBe(
      true,
    );

    const report = await verifySecurityEvents(ctx.db);
    expect(report.ok).toBe(true);
    expect(report.unchained).toBe(0);
    const names = report.chains.map((c) => c.organizationId);
    expect(names).toEqual(expect.arrayContaining([null, alice.organizationId, bob.organizationId]));
    const aliceChain = report.chains.find((c) => c.organizationId === alice.organizationId);
    expect(aliceChain).toEqual({
      organizationId: alice.organizationId,
      events: (await chain(alice.organizationId)).length,
      broken: null,
    });
  });

  it('keeps every chain gapless under concurrent writers', async () => {
    const before = (await chain(alice.organizationId)).length;
    const requests = Array.from({ length: 50 }, (_, i) => listScans(i % 2 ? alice : bob));
    const direct = Array.from({ length: 30 }, (_, i) =>
      insertSecurityEvent(
        ctx.db,
        {
          userId: alice.userId,
          organizationId: i % 3 === 0 ? null : alice.organizationId,
          eventType: 'suspicious_activity',
          severity: 'medium',
          description: `parallel ${i}`,
          metadata: { i, nested: { b: 1, a: [2, 'x'] } },
        },
        meta,
      ),
    );
    // Writers inside transactions too, as the services call it.
    const inTransactions = Array.from({ length: 10 }, (_, i) =>
      ctx.db.transaction((tx) =>
        insertSecurityEvent(
          tx,
          {
            userId: bob.userId,
            organizationId: bob.organizationId,
            eventType: 'auth_attempt',
            severity: 'low',
            description: `in transaction ${i}`,
          },
          meta,
        ),
      ),
    );
    const flushes = Array.from({ length: 5 }, () => ctx.app.accessEvents.flush());
    const responses = await Promise.all(requests);
    await Promise.all([...direct, ...inTransactions, ...flushes]);
    await ctx.app.accessEvents.flush();
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);

    const aliceRows = await expectGapless(alice.organizationId);
    expect(aliceRows.length).toBe(before + 25 + 20);
    await expectGapless(bob.organizationId);
    await expectGapless(null);
    expect((await verifySecurityEvents(ctx.db)).ok).toBe(true);
  });

  it('refuses to change or delete an event', async () => {
    const [row] = await chain(alice.organizationId);
    if (!row) throw new Error('no events');
    await expect(
      ctx.db
        .update(securityEvents)
        .set({ description: 'nothing happened' })
        .where(eq(securityEvents.id, row.id)),
    ).rejects.toMatchObject({ cause: { message: expect.stringContaining('append-only') } });
    // Not even the FK columns, except to null them.
    await expect(
      ctx.db
        .update(securityEvents)
        .set({ organizationId: bob.organizationId })
        .where(eq(securityEvents.id, row.id)),
    ).rejects.toMatchObject({ cause: { message: expect.stringContaining('append-only') } });
    await expect(
      ctx.db.delete(securityEvents).where(eq(securityEvents.id, row.id)),
    ).rejects.toMatchObject({ cause: { message: expect.stringContaining('append-only') } });
    await expect(ctx.db.execute(sql`truncate security_events`)).rejects.toMatchObject({
      cause: { message: expect.stringContaining('append-only') },
    });
    const [after] = await ctx.db.select().from(securityEvents).where(eq(securityEvents.id, row.id));
    expect(after).toEqual(row);
  });

  it('does not break when a user and their organization are deleted', async () => {
    const carol = await createAccount(ctx, 'chain-carol@example.com');
    expect((await listScans(carol)).statusCode).toBe(200);
    await ctx.app.accessEvents.flush();
    const deleted = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: carol.auth,
      payload: { password: PASSWORD, confirmation: 'DELETE' },
    });
    expect(deleted.statusCode).toBeLessThan(300);
    // A permission check queued for the deleted organization goes to the chain without one.
    ctx.app.accessEvents.record({
      userId: carol.userId,
      organizationId: carol.organizationId,
      resource: 'scan',
      action: 'read',
      granted: true,
      route: 'GET /chain-test-orphan',
      apiKey: false,
      at: new Date(),
      meta,
    });
    await ctx.app.accessEvents.flush();

    const rows = await expectGapless(carol.organizationId);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((r) => r.organizationId === null && r.userId === null)).toBe(true);
    expect(rows.every((r) => r.chainUser === carol.userId)).toBe(true);
    const report = await verifyOrg(carol.organizationId);
    expect(report.chains).toEqual([
      { organizationId: carol.organizationId, events: rows.length, broken: null },
    ]);
    const orphan = await ctx.db
      .select()
      .from(securityEvents)
      .where(
        and(
          isNull(securityEvents.chainOrg),
          sql`${securityEvents.metadata}->>'route' = 'GET /chain-test-orphan'`,
        ),
      );
    expect(orphan).toMatchObject([{ eventType: 'data_access', chainUser: null, userId: null }]);
    expect((await verifySecurityEvents(ctx.db)).ok).toBe(true);
  });

  it('reports a changed event at its seq, and a removed one', async () => {
    const rows = await chain(bob.organizationId);
    const target = rows[2];
    if (!target?.seq) throw new Error('too few events');
    await asSuperuser((tx) =>
      tx
        .update(securityEvents)
        .set({ description: 'Sign-in succeeded (edited)' })
        .where(eq(securityEvents.id, target.id)),
    );
    const changed = await verifyOrg(bob.organizationId);
    expect(changed.ok).toBe(false);
    expect(changed.chains[0]).toMatchObject({
      organizationId: bob.organizationId,
      events: target.seq - 1,
      broken: { seq: target.seq, id: target.id, reason: expect.stringContaining('hash mismatch') },
    });
    // Other chains are unaffected.
    expect((await verifyOrg(alice.organizationId)).ok).toBe(true);

    // Put back, then remove the row instead (an operator's explicit purge).
    await asSuperuser((tx) =>
      tx
        .update(securityEvents)
        .set({ description: target.description })
        .where(eq(securityEvents.id, target.id)),
    );
    expect((await verifyOrg(bob.organizationId)).ok).toBe(true);
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local netguard.allow_event_delete = on`);
      await tx.delete(securityEvents).where(eq(securityEvents.id, target.id));
    });
    const removed = await verifyOrg(bob.organizationId);
    expect(removed.chains[0]?.broken).toMatchObject({
      seq: target.seq + 1,
      id: rows[3]?.id,
      reason: expect.stringContaining('seq gap'),
    });
  });

  it('events verify: one line per chain, exit 1 when one is broken', {
    timeout: 120_000,
  }, async () => {
    const all = await netguard(ctx, ['events', 'verify']);
    expect(all.code).toBe(1);
    expect(all.stdout).toContain(`organization ${bob.organizationId}: broken at seq `);
    expect(all.stdout).toMatch(/seq gap/);
    const aliceEvents = (await chain(alice.organizationId)).length;
    expect(all.stdout).toContain(`organization ${alice.organizationId}: ok: ${aliceEvents} events`);
    expect(all.stdout).toMatch(/organization none: ok: \d+ events/);

    const one = await netguard(ctx, ['events', 'verify', '--organization', alice.organizationId]);
    expect(one).toMatchObject({
      code: 0,
      stdout: `organization ${alice.organizationId}: ok: ${aliceEvents} events\n`,
    });
    expect((await netguard(ctx, ['events', 'verify', '--organization', 'nope'])).code).toBe(2);
  });

  it('links the rows that existed before the chain, as the migration does', async () => {
    const dave = await createAccount(ctx, 'chain-dave@example.com');
    const before = (await chain(dave.organizationId)).length;
    const migration = readFileSync(
      new URL('../src/db/migrations/0009_issue17_event_chain.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .slice(
        migration.indexOf('-- event-chain backfill start'),
        migration.indexOf('-- event-chain backfill end'),
      )
      .split('--> statement-breakpoint');
    await ctx.db.transaction(async (tx) => {
      // Rows as the application wrote them before: no id, time or chain columns from the code.
      // (The migration runs before the append-only trigger exists: turned off here.)
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`alter table security_events drop constraint security_events_chain_seq_uq`,
      );
      const legacy = [
        { organizationId: dave.organizationId, userId: dave.userId, description: 'old one' },
        { organizationId: dave.organizationId, userId: null, description: 'quote " \\ \n é 🙂' },
        { organizationId: null, userId: dave.userId, description: 'no organization' },
        { organizationId: null, userId: null, description: 'no organization either' },
      ];
      for (const row of legacy) {
        await tx.insert(securityEvents).values({
          ...row,
          eventType: 'auth_attempt',
          severity: 'low',
          metadata: {
            zeta: [1, 2.5, { b: true, a: null }],
            alpha: 'ünïcode "quoted"\t',
            n: 0.1 + 0.2,
            big: 12345678901234,
            nested: { y: [], x: {} },
          },
          ipAddress: row.userId ? '198.51.100.1' : null,
          userAgent: null,
        });
      }
      const unchained = await verifySecurityEvents(tx, { organizationId: dave.organizationId });
      expect(unchained.unchained).toBe(2);
      for (const statement of backfill) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql.raw(
          'alter table security_events add constraint security_events_chain_seq_uq unique nulls not distinct (chain_org, seq)',
        ),
      );
    });
    const rows = await expectGapless(dave.organizationId);
    expect(rows.length).toBe(before + 2);
    expect(rows.some((r) => r.description.includes('🙂'))).toBe(true);
    await expectGapless(null);
    const report = await verifySecurityEvents(ctx.db);
    expect(report.unchained).toBe(0);
    expect(report.chains.find((c) => c.organizationId === dave.organizationId)?.broken).toBeNull();
    expect(report.chains.find((c) => c.organizationId === null)?.broken).toBeNull();
  });
});
