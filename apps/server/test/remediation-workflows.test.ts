// Workflows (create-remediation-workflow) against a namespace host with vsftpd (ftp-anonymous,
// high) and Redis (redis-no-auth, critical): proposals for the severities a workflow takes, once,
// with their dry run; the approval policy for analysts; the KEV trigger; and a fully automated
// action that goes to verified without a person when the workflow and the policy allow it.
// runWorkflows is called directly (the workers' sweep runs it only every 30 s).
import type { TExecution, TRemediationWorkflow, TVulnerability } from '@netguard/contracts';
import { startTestHost, type TestHost } from '@netguard/remediation/testing/netns-host';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { kevEntries, vulnerabilities } from '../src/db/schema.ts';
import { runWorkflows } from '../src/modules/remediation/remediation.workflows.ts';
import type { Workers } from '../src/workers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import {
  addRootHost,
  call,
  findingOf,
  listExecutions,
  scanHost,
  startRemediationWorkers,
  TEST_RANGES,
  waitExecution,
} from './remediation-helpers.ts';
import { memberOf } from './tenant-matrix-fixtures.ts';

/** CVE-2022-0543, the Debian Redis Lua sandbox escape: in CISA's KEV catalogue. */
const REDIS_CVE = 'CVE-2022-0543';

let ctx: TestContext;
let workers: Workers;
let admin: Account;
let host: TestHost;
let vulns: TVulnerability[];

beforeAll(async () => {
  host = await startTestHost({
    namespace: testResources().namespace(1),
    services: ['ssh', 'vsftpd', 'redis-server'],
  });
  ctx = await createTestApp({ SCAN_ALLOWED_RANGES: TEST_RANGES });
  workers = await startRemediationWorkers(ctx);
  admin = await createAccount(ctx, 'workflow-admin@example.com', 'Enterprise');
  await addRootHost(ctx, admin, host);
  vulns = await scanHost(ctx, admin, host.address, [21, 6379]);
}, 180_000);
afterAll(async () => {
  await workers?.stop();
  await ctx?.close();
  await host?.stop();
});

const api = (method: string, url: string, payload?: unknown) =>
  call(ctx, admin, method, url, payload);
const ftp = () => findingOf(vulns, host.address, 'ftp-anonymous');
const redis = () => findingOf(vulns, host.address, 'redis-no-auth');
const proposedBy = (workflow: TRemediationWorkflow) =>
  listExecutions(ctx, admin, (e) => e.workflowId === workflow.id);
const setPolicy = async (policy: { analystsMayApprove?: boolean; allowAutoApprove?: boolean }) => {
  const res = await api('PUT', '/api/remediation/policy', {
    analystsMayApprove: false,
    allowAutoApprove: false,
    maxHostsPerRun: 5,
    ...policy,
  });
  expect(res.statusCode, res.body).toBe(200);
};
async function createWorkflow(template: Record<string, unknown>): Promise<TRemediationWorkflow> {
  const res = await api('POST', '/api/remediation/workflows', { template });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const vulnState = async (id: string) =>
  (await ctx.db.execute(sql`select state::text from vulnerabilities where id = ${id}`)).rows[0];

describe('a workflow on high findings', () => {
  let workflow: TRemediationWorkflow;
  let execution: TExecution;

  it('proposes once for the findings it takes, with a dry run read from the host', async () => {
    expect([ftp().severity, redis().severity]).toEqual(['high', 'critical']);
    workflow = await createWorkflow({
      name: 'High findings',
      trigger: { severities: ['high'], kevOnly: false },
      requireApproval: false,
    });
    await runWorkflows(ctx.db);
    await runWorkflows(ctx.db);
    const made = await proposedBy(workflow);
    expect(made.map((e) => [e.vulnerabilityId, e.actionId])).toEqual([
      [ftp().id, 'vsftpd-disable-anonymous'],
    ]);
    // The policy does not allow auto-approve: it waits for a person, its dry run read.
    execution = await waitExecution(ctx, admin, made[0]!.id, ['proposed']);
    expect(execution).toMatchObject({ autoApproved: false, requestedBy: null, approvedBy: null });
    expect(execution.transitions).toEqual([
      expect.objectContaining({ status: 'proposed', by: null, note: expect.any(String) }),
    ]);
    expect(execution.transitions[0]?.note).toBe('Proposed by the workflow "High findings"');
    expect(execution.dryRun?.diffs[0]?.diff).toContain('+anonymous_enable=NO');
    const listed = (await api('GET', '/api/remediation/workflows')).json().workflows;
    expect(listed).toEqual([
      expect.objectContaining({ id: workflow.id, proposedCount: 1, lastRunAt: expect.any(String) }),
    ]);
  });

  it('is approved by an analyst only when the policy lets analysts approve', async () => {
    const analyst = await memberOf(ctx, admin.organizationId, 'security_analyst', 'workflow');
    const approve = () =>
      call(ctx, analyst, 'POST', `/api/remediation/executions/${execution.id}/approve`, {});
    const denied = await approve();
    expect(denied.statusCode).toBe(403);
    await setPolicy({ analystsMayApprove: true });
    const allowed = await approve();
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json()).toMatchObject({ status: 'approved', approvedBy: analyst.userId });
    const done = await waitExecution(ctx, admin, execution.id, [
      'verified',
      'failed',
      'failed_verification',
    ]);
    expect(done.status, done.error ?? done.verification?.evidence).toBe('verified');
    expect(await vulnState(ftp().id)).toEqual({ state: 'fixed' });
  }, 60_000);
});

describe('a KEV workflow that does not require approval', () => {
  it('proposes nothing for a finding whose CVE is not in KEV', async () => {
    await setPolicy({ allowAutoApprove: true });
    const workflow = await createWorkflow({
      name: 'Critical KEV, automatic',
      trigger: { severities: ['critical'], kevOnly: true },
      requireApproval: false,
    });
    await ctx.db
      .update(vulnerabilities)
      .set({ cveId: REDIS_CVE })
      .where(eq(vulnerabilities.id, redis().id));
    await runWorkflows(ctx.db);
    expect(await proposedBy(workflow)).toEqual([]);
  });

  it('once the CVE is in KEV, proposes and goes on to verified without a person', async () => {
    const [workflow] = (await api('GET', '/api/remediation/workflows'))
      .json()
      .workflows.filter((w: TRemediationWorkflow) => w.trigger.kevOnly);
    await ctx.db.insert(kevEntries).values({
      cveId: REDIS_CVE,
      dateAdded: '2022-03-28',
      dueDate: '2022-04-18',
      requiredAction: 'Apply updates per vendor instructions.',
      ransomware: false,
    });
    await runWorkflows(ctx.db);
    const made = await proposedBy(workflow);
    expect(made.map((e) => [e.vulnerabilityId, e.actionId])).toEqual([
      [redis().id, 'redis-bind-localhost'],
    ]);
    const done = await waitExecution(ctx, admin, made[0]!.id, [
      'verified',
      'failed',
      'failed_verification',
    ]);
    expect(done.status, done.error ?? done.verification?.evidence).toBe('verified');
    expect(done).toMatchObject({ autoApproved: true, requestedBy: null, approvedBy: null });
    expect(done.transitions.map((t) => [t.status, t.by])).toEqual([
      ['proposed', null],
      ['approved', null],
      ['dry_run', null],
      ['executing', null],
      ['applied', null],
      ['verifying', null],
      ['verified', null],
    ]);
    expect(done.transitions[1]?.note).toBe(
      'Auto-approved: a fully automated action, allowed by the policy',
    );
    expect(await vulnState(redis().id)).toEqual({ state: 'fixed' });
  }, 60_000);
});
