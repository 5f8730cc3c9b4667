// Compliance evidence specs: call the API as an account, and run a collection run at once (the
// job a worker would run), so specs need no worker process.
import { expect } from 'vitest';
import { createLogger } from '../src/lib/logger.ts';
import type { Deployment } from '../src/modules/evidence/collectors/types.ts';
import { runCollection } from '../src/modules/evidence/evidence.collect.ts';
import { createKeySealer } from '../src/modules/evidence/evidence.keys.ts';
import { type Account, call, createAccount, type TestContext } from './helpers.ts';
import { memberOf } from './tenant-matrix-fixtures.ts';

/** The API as `who` (helpers.ts), for the specs that import it from here. */
export { call };

/** The NETGUARD_SECRET_KEY of createTestApp: the same sealer opens the stored signing keys. */
export const testSealer = () => createKeySealer('test-secret-key-for-netguard-tests');

export const testDeployment = (over: Partial<Deployment> = {}): Deployment => ({
  publicUrl: 'http://localhost:8080',
  backupDir: '/nonexistent/netguard-backups',
  egress: { allowedRanges: [], deniedRanges: [] },
  scans: { allowedRanges: [], deniedRanges: [] },
  ...over,
});

/** collect-compliance-evidence, then the run itself; answers the finished run. */
export async function collectNow(
  ctx: TestContext,
  who: Account,
  body: Record<string, unknown>,
  deployment = testDeployment(),
) {
  const res = await call(ctx, who, 'POST', '/api/compliance/collect', body);
  expect(res.statusCode, res.body).toBe(202);
  const run = res.json() as { id: string };
  await runCollection(
    { db: ctx.db, sealer: testSealer(), deployment, log: createLogger('silent') },
    run.id,
  );
  const done = await call(ctx, who, 'GET', `/api/compliance/runs/${run.id}`);
  return done.json() as {
    id: string;
    status: string;
    itemCount: number;
    digestNumber: number | null;
    error: string | null;
  };
}

export function upload(
  ctx: TestContext,
  who: Account,
  name: string,
  bytes: Buffer,
  query: Record<string, string> = {},
) {
  const params = new URLSearchParams({
    name,
    title: 'Access control policy',
    requirementIds: 'soc2:CC1.1,iso27001:A.5.1',
    ...query,
  });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/compliance/evidence/upload?${params}`,
    headers: { ...who.auth, 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
}

export const DAY = 86_400_000;
/** The ISO time `ms` from now. */
export const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();

/** An Enterprise admin, an outside auditor (to be granted) and the organization's own auditor. */
export async function auditorsOf(ctx: TestContext, prefix: string) {
  const admin = await createAccount(ctx, `${prefix}-admin@example.com`, 'Enterprise');
  return {
    admin,
    outside: await memberOf(ctx, admin.organizationId, 'auditor', `${prefix}-outside`),
    inside: await memberOf(ctx, admin.organizationId, 'auditor', `${prefix}-inside`),
  };
}

/** POST auditor-grants as `who`: SOC 2 for `auditor`, the last 30 days, for a week (or `body`). */
export const grantAuditor = (
  ctx: TestContext,
  who: Account,
  auditor: Account,
  body: Record<string, unknown> = {},
) =>
  call(ctx, who, 'POST', '/api/compliance/auditor-grants', {
    email: auditor.email,
    frameworkId: 'soc2',
    periodStart: isoIn(-30 * DAY),
    periodEnd: isoIn(DAY),
    expiresAt: isoIn(7 * DAY),
    ...body,
  });
