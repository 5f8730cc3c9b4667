// A fix of a server's whole configuration is verified on every port where its check reported the
// finding on that host: nginx on a namespace host serves HTTP on 80 and HTTPS on 443, and both
// disclose its version. The execution (proposed for port 80's finding) is verified only when the
// check passes on each port, and its evidence names each one.
import type { TVulnerability } from '@netguard/contracts';
import { startTestHost, type TestHost } from '@netguard/remediation/testing/netns-host';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import type { Workers } from '../src/workers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import {
  addRootHost,
  call,
  findingOf,
  scanHost,
  startRemediationWorkers,
  TEST_RANGES,
  waitExecution,
} from './remediation-helpers.ts';

let ctx: TestContext;
let workers: Workers;
let admin: Account;
let host: TestHost;
let vulns: TVulnerability[];

beforeAll(async () => {
  host = await startTestHost({
    namespace: testResources().namespace(1),
    services: ['ssh', 'nginx'],
  });
  ctx = await createTestApp({ SCAN_ALLOWED_RANGES: TEST_RANGES });
  workers = await startRemediationWorkers(ctx);
  admin = await createAccount(ctx, 'remediation-ports@example.com', 'Enterprise');
  await addRootHost(ctx, admin, host);
  vulns = await scanHost(ctx, admin, host.address, [80, 443]);
}, 180_000);
afterAll(async () => {
  await workers?.stop();
  await ctx?.close();
  await host?.stop();
});

const api = (method: string, url: string, payload?: unknown) =>
  call(ctx, admin, method, url, payload);
const states = async (ids: string[]) =>
  (
    await ctx.db.execute(
      sql`select port, state::text from vulnerabilities
          where id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) order by port`,
    )
  ).rows;
const verificationRows = async (executionId: string) =>
  (
    await ctx.db.execute(
      sql`select phase, target, fixed from remediation_verifications
          where execution_id = ${executionId} order by phase, target`,
    )
  ).rows;

async function hideVersion(vulnerabilityId: string) {
  const res = await api('POST', '/api/remediation/executions', {
    vulnerabilityId,
    actionId: 'nginx-hide-version',
  });
  expect(res.statusCode, res.body).toBe(202);
  const proposed = await waitExecution(ctx, admin, res.json().id, ['proposed', 'failed']);
  expect(proposed.status, proposed.error ?? '').toBe('proposed');
  const approved = await api('POST', `/api/remediation/executions/${proposed.id}/approve`, {});
  expect(approved.statusCode, approved.body).toBe(200);
  return proposed;
}

describe('nginx: hide the version, reported on 80 and 443', () => {
  it('is verified on both ports, both findings fixed, and rolled back on both', async () => {
    const http = findingOf(vulns, host.address, 'http-server-version');
    const both = vulns.filter((v) => v.check_id === 'http-server-version');
    expect(both.map((v) => v.port).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([80, 443]);
    const e = await hideVersion(both.find((v) => v.port === 80)?.id ?? http.id);
    const done = await waitExecution(ctx, admin, e.id, ['verified', 'rolled_back', 'failed']);
    expect(done.status, done.verification?.evidence ?? done.error ?? '').toBe('verified');
    const lines = done.verification?.evidence.split('\n') ?? [];
    expect(lines.map((l) => l.split(': ')[0])).toEqual([
      `http-server-version on ${host.address}:80`,
      `http-server-version on ${host.address}:443`,
    ]);
    expect(await verificationRows(e.id)).toEqual([
      { phase: 'apply', target: `${host.address}:443`, fixed: true },
      { phase: 'apply', target: `${host.address}:80`, fixed: true },
    ]);
    const ids = both.map((v) => v.id);
    expect(await states(ids)).toEqual([
      { port: 80, state: 'fixed' },
      { port: 443, state: 'fixed' },
    ]);

    await api('POST', `/api/remediation/executions/${e.id}/rollback`);
    const back = await waitExecution(ctx, admin, e.id, ['rolled_back', 'failed']);
    expect(back.status, back.error ?? '').toBe('rolled_back');
    expect(back.rollbackVerification?.evidence).toContain(`${host.address}:443`);
    expect(await states(ids)).toEqual([
      { port: 80, state: 'open' },
      { port: 443, state: 'open' },
    ]);
  }, 120_000);

  it('is not verified while one port of the finding still reports it', async () => {
    // Another server on 8080 names its version too: the nginx change cannot fix it.
    host.run(
      'nohup /usr/bin/python3 -m http.server 8080 --bind 0.0.0.0 >/dev/null 2>&1 & echo $! > /tmp/py8080.pid',
    );
    try {
      await host.waitListening(8080);
      const more = await scanHost(ctx, admin, host.address, [8080]);
      const on8080 = findingOf(more, host.address, 'http-server-version');
      expect(on8080.port).toBe(8080);
      const port80 = vulns.find((v) => v.check_id === 'http-server-version' && v.port === 80);
      const e = await hideVersion(port80?.id ?? '');
      const done = await waitExecution(ctx, admin, e.id, ['verified', 'rolled_back', 'failed']);
      // Not verified: failed verification, then rolled back (the default policy).
      expect(done.status, done.error ?? '').toBe('rolled_back');
      expect(done.failedVerificationAction).toBe('roll_back');
      expect(done.verification?.fixed).toBe(false);
      expect(done.verification?.evidence).toContain(`on ${host.address}:8080: `);
      const applied = (await verificationRows(e.id)).filter((r) => r.phase === 'apply');
      expect(applied).toEqual([
        { phase: 'apply', target: `${host.address}:443`, fixed: true },
        { phase: 'apply', target: `${host.address}:80`, fixed: true },
        { phase: 'apply', target: `${host.address}:8080`, fixed: false },
      ]);
      expect(await states([on8080.id])).toEqual([{ port: 8080, state: 'open' }]);
    } finally {
      host.run('kill "$(cat /tmp/py8080.pid)" || true');
    }
  }, 180_000);
});
