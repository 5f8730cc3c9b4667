// `netguard evidence verify` (the compiled CLI) over a real ledger: ok after collection and
// review, then the first broken link named after an operator's purge of one row (the only way
// past the append-only trigger), exit 1.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { netguard } from './cli-run.ts';
import { collectNow, upload } from './evidence-helpers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
let admin: Account;
let second: Account;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, 'ledger-admin@example.com', 'Enterprise');
  second = await createAccount(ctx, 'ledger-second@example.com', 'Enterprise');
  await collectNow(ctx, admin, { frameworkId: 'gdpr' });
  await collectNow(ctx, second, { frameworkId: 'gdpr' });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

describe('netguard evidence verify', () => {
  it('reports every organization ok, and rows not yet under a digest', async () => {
    const up = await upload(ctx, admin, 'dpa.txt', Buffer.from('Data processing agreement\n'), {
      requirementIds: 'gdpr:Art. 28',
    });
    expect(up.statusCode, up.body).toBe(201);
    const out = await netguard(ctx, ['evidence', 'verify']);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const lines = out.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^organization ${admin.organizationId}: ok: \\d+ rows, 1 signed digests; 1 rows after the last signed digest$`,
        ),
      ),
    );
  });

  it('names the first broken link after a row is purged, and exits 1', async () => {
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('netguard.allow_evidence_delete', 'on', true)`);
      await tx.execute(
        sql`delete from evidence_ledger where organization_id = ${admin.organizationId} and seq = 3`,
      );
    });
    const out = await netguard(ctx, ['evidence', 'verify']);
    expect(out.code).toBe(1);
    expect(out.stdout).toContain(
      `organization ${admin.organizationId}: broken at row 4: ${admin.organizationId} row 4: row 3 before it is missing`,
    );
    expect(out.stdout).toMatch(/digest 1: the Merkle root of rows 1-\d+ is not the signed one/);
    // The other organization's chain is untouched.
    expect(out.stdout).toMatch(new RegExp(`organization ${second.organizationId}: ok: \\d+ rows`));
  });
});
