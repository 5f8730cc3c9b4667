// Every worker process runs the workflows every 30 s: runs that overlap (two `netguard worker`
// processes, or the API's workers beside one) propose each finding once. Seeded findings on a
// loopback address of this file's block with a stored host connection; no workers run, so nothing
// connects anywhere.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { vulnerabilities } from '../src/db/schema.ts';
import { runWorkflows } from '../src/modules/remediation/remediation.workflows.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { addHost, call } from './remediation-helpers.ts';
import { seedScan, seedVulnerability } from './seed.ts';

const FINDINGS = 10;
const HOST = testResources().host(9);
let ctx: TestContext;
let admin: Account;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, 'workflow-runs@example.com', 'Enterprise');
  await addHost(ctx, admin, {
    name: 'never connected',
    address: HOST,
    username: 'root',
    auth: { type: 'password', password: 'unused' },
    // Given (so confirmed) by the person: proposals need a confirmed host key.
    hostKeySha256: `SHA256:${'A'.repeat(43)}`,
  });
  const scan = await seedScan(ctx, admin, { status: 'completed' });
  for (let i = 0; i < FINDINGS; i++) {
    const v = await seedVulnerability(ctx, admin, scan.id, {
      severity: 'high',
      host: HOST,
      port: 2100 + i,
    });
    await ctx.db
      .update(vulnerabilities)
      .set({ checkId: 'ftp-anonymous' })
      .where(eq(vulnerabilities.id, v.id));
  }
});
afterAll(async () => {
  await ctx?.close();
});

it('overlapping runs of a workflow propose each finding once', async () => {
  const res = await call(ctx, admin, 'POST', '/api/remediation/workflows', {
    template: { name: 'High', trigger: { severities: ['high'] } },
  });
  expect(res.statusCode, res.body).toBe(201);
  const made = await Promise.all([
    runWorkflows(ctx.db),
    runWorkflows(ctx.db),
    runWorkflows(ctx.db),
  ]);
  expect(made.reduce((a, b) => a + b, 0)).toBe(FINDINGS);
  const counted = await ctx.db.execute(
    sql`select count(*)::int as executions, count(distinct vulnerability_id)::int as findings
        from remediation_executions where workflow_id = ${res.json().id}`,
  );
  expect(counted.rows[0]).toEqual({ executions: FINDINGS, findings: FINDINGS });
  expect(await runWorkflows(ctx.db)).toBe(0);
});
