// Azure and GCP findings remediated through the API, the worker and the library's SDK clients,
// against the HTTPS fakes of Entra, ARM and the Google APIs on 127.0.0.1 (test CA): an NSG rule
// and a VPC firewall rule open to SSH from the internet are removed, verified, and put back; a
// change that fails after its apply and one that fails before it send only what changed to the
// SIEMs; the sweep ends a dry run only that an older version left proposed.
import type { TExecution, TVulnerability } from '@netguard/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSsh } from '../../../packages/cloud/src/testing/azure-breaks.ts';
import type { AzureFake } from '../../../packages/cloud/src/testing/azure-fake.ts';
import { AZ_SUB } from '../../../packages/cloud/src/testing/azure-state.ts';
import { openFirewall, tcp } from '../../../packages/cloud/src/testing/gcp-breaks.ts';
import type { GcpFake } from '../../../packages/cloud/src/testing/gcp-fake.ts';
import { googleError } from '../../../packages/cloud/src/testing/gcp-fake.ts';
import { GCP_PROJECT } from '../../../packages/cloud/src/testing/gcp-state.ts';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/lib/logger.ts';
import { startWorkers, type Workers } from '../src/workers.ts';
import { fakeReach, startCloudFakes } from './cloud-fakes.ts';
import { SECRET, scanAndWait } from './cloud-helpers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import {
  call,
  getExecution,
  siemStatusesOf,
  THROUGH_VERIFYING,
  waitExecution,
} from './remediation-helpers.ts';

let azure: AzureFake;
let gcp: GcpFake;
let ctx: TestContext;
let workers: Workers;
let admin: Account;

beforeAll(async () => {
  const fakes = await startCloudFakes();
  ({ azure, gcp } = fakes);
  const { key, agent, endpoints, scanners } = fakes;
  const reach = fakeReach(fakes.tls);
  ctx = await createTestApp(reach.env, { cloudScanners: scanners, ...reach.options });
  workers = await startWorkers({
    url: ctx.url,
    settings: loadConfig({ SCAN_ALLOWED_RANGES: '127.0.0.0/8' }).scans,
    log: createLogger('silent'),
    cloud: { secret: SECRET, scanners, endpoints, transport: { agent } },
    egress: () => ctx.app.egress,
  });
  admin = await createAccount(ctx, 'remediation-azure-gcp@example.com', 'Enterprise');
  for (const [provider, credentials] of [
    [
      'azure',
      {
        tenantId: azure.state.tenantId,
        clientId: azure.state.clientId,
        clientSecret: azure.state.clientSecret,
        subscriptionId: AZ_SUB,
      },
    ],
    ['gcp', { projectId: GCP_PROJECT, serviceAccountKey: key.json }],
  ] as const) {
    const res = await call(ctx, admin, 'POST', '/api/cloud/connections', { provider, credentials });
    expect(res.statusCode, res.body).toBe(201);
  }
}, 60_000);
afterAll(async () => {
  await workers?.stop();
  await ctx?.close();
  await azure?.close();
  await gcp?.close();
});

const siemStatuses = (executionId: string) => siemStatusesOf(ctx, executionId);

const openFindings = async (checkId: string): Promise<TVulnerability[]> =>
  (
    (await call(ctx, admin, 'GET', '/api/vulnerabilities?state=open&limit=200')).json()
      .items as TVulnerability[]
  ).filter((v) => v.check_id === checkId);

async function openFinding(checkId: string): Promise<TVulnerability> {
  const res = await call(ctx, admin, 'GET', '/api/vulnerabilities?state=open&limit=200');
  const vuln = (res.json().items as TVulnerability[]).find((v) => v.check_id === checkId);
  if (!vuln) throw new Error(`no open ${checkId}: ${res.body.slice(0, 500)}`);
  return vuln;
}

/** execute → dry run → approve (typed target) → verified → rollback → rolled_back. */
async function cycle(vuln: TVulnerability, actionId: string, call0: string) {
  const started = await call(ctx, admin, 'POST', '/api/remediation/executions', {
    vulnerabilityId: vuln.id,
    actionId,
  });
  expect(started.statusCode, started.body).toBe(202);
  const proposed = await waitExecution(ctx, admin, started.json().id, ['proposed', 'failed']);
  expect(proposed.status, proposed.error ?? '').toBe('proposed');
  expect(proposed.dryRun?.apiCalls?.map((c) => c.call)).toContain(call0);
  const approved = await call(
    ctx,
    admin,
    'POST',
    `/api/remediation/executions/${proposed.id}/approve`,
    { acknowledgement: proposed.target },
  );
  expect(approved.statusCode, approved.body).toBe(200);
  const done: TExecution = await waitExecution(ctx, admin, proposed.id, [
    'verified',
    'failed_verification',
    'failed',
  ]);
  expect(done.status, `${done.error} ${done.verification?.evidence}`).toBe('verified');
  await call(ctx, admin, 'POST', `/api/remediation/executions/${proposed.id}/rollback`);
  const back = await waitExecution(ctx, admin, proposed.id, ['rolled_back', 'failed']);
  expect(back.status, back.error ?? '').toBe('rolled_back');
  expect(back.rollbackVerification).toMatchObject({ fixed: false });
}

describe('cloud remediation through the API against the Azure and GCP fakes', () => {
  it('removes an NSG rule open to SSH, verifies, and writes it back', async () => {
    openSsh(azure.state, 'Internet');
    await scanAndWait(ctx, admin);
    const vuln = await openFinding('azure_nsg_open_ssh');
    const rules = () => JSON.stringify(azure.state.nsgs[0]?.properties);
    const before = rules();
    await cycle(
      vuln,
      'azure-remove-open-nsg-rule',
      'Microsoft.Network/networkSecurityGroups/securityRules/delete',
    );
    expect(rules()).toBe(before);
  }, 120_000);

  it('deletes a VPC firewall rule open to SSH, verifies, and inserts it back', async () => {
    openFirewall(gcp.state, 'ssh-any', tcp('22'));
    await scanAndWait(ctx, admin, {
      serviceScan: { provider: 'gcp', service: 'compute-engine', scanType: 'firewall_rules' },
    });
    const vuln = await openFinding('gcp_fw_open_ssh');
    await cycle(vuln, 'gcp-remove-open-firewall', 'compute.firewalls.delete');
    expect(gcp.state.firewalls.map((f) => (f as { name?: string }).name)).toContain('ssh-any');
  }, 120_000);

  it('a change that fails after the apply: SIEM hears the change, its failed verification and the failed restore, nothing else', async () => {
    openFirewall(gcp.state, 'ssh-unverifiable', tcp('22'));
    await scanAndWait(ctx, admin, {
      serviceScan: { provider: 'gcp', service: 'compute-engine', scanType: 'firewall_rules' },
    });
    const vuln = (await openFindings('gcp_fw_open_ssh')).find(
      (v) => v.title.includes('ssh-unverifiable') || JSON.stringify(v).includes('ssh-unverifiable'),
    );
    expect(vuln).toBeDefined();
    const started = await call(ctx, admin, 'POST', '/api/remediation/executions', {
      vulnerabilityId: vuln?.id,
      actionId: 'gcp-remove-open-firewall',
    });
    expect(started.statusCode).toBe(202);
    const proposed = await waitExecution(ctx, admin, started.json().id, ['proposed', 'failed']);
    expect(proposed.dryRun?.apiCalls?.map((c) => c.call)).toEqual(['compute.firewalls.delete']);
    // After the delete, the verification scan cannot list the firewalls, and the restore's
    // insert is refused: the rule stays deleted and the execution fails after its change.
    const refused = (operation: string) => ({
      operation,
      ...googleError(403, 'PERMISSION_DENIED', `${operation} is not allowed for this test`),
    });
    gcp.faults.push(refused('firewalls.list'), refused('firewalls.insert'));
    try {
      const approved = await call(
        ctx,
        admin,
        'POST',
        `/api/remediation/executions/${proposed.id}/approve`,
        { acknowledgement: proposed.target },
      );
      expect(approved.statusCode, approved.body).toBe(200);
      const done = await waitExecution(ctx, admin, proposed.id, [
        'verified',
        'rolled_back',
        'failed',
      ]);
      expect(done.status).toBe('failed');
      expect(done.verification).toMatchObject({ checkId: 'gcp_fw_open_ssh', fixed: false });
      expect(done.verification?.evidence).toMatch(
        /not verified, the scan could not read: firewalls\.list: PERMISSION_DENIED/,
      );
      expect(done.transitions.map((t) => t.status)).toEqual([
        'proposed',
        ...THROUGH_VERIFYING,
        'failed_verification',
        'rolling_back',
        'failed',
      ]);
      expect(done.error).toMatch(/firewalls\.insert|PERMISSION_DENIED|not allowed/);
    } finally {
      gcp.faults.length = 0;
    }
    // Only what happened to the rule: deleted (applied), not confirmed, not restored.
    expect(await siemStatuses(proposed.id)).toEqual(['applied', 'failed_verification', 'failed']);
  }, 120_000);

  it('a failure before any change reaches the security event log only, no SIEM', async () => {
    openFirewall(gcp.state, 'ssh-unreadable', tcp('22'));
    await scanAndWait(ctx, admin, {
      serviceScan: { provider: 'gcp', service: 'compute-engine', scanType: 'firewall_rules' },
    });
    const vuln = (await openFindings('gcp_fw_open_ssh')).find((v) =>
      JSON.stringify(v).includes('ssh-unreadable'),
    );
    gcp.faults.push({
      operation: 'firewalls.get',
      ...googleError(403, 'PERMISSION_DENIED', 'firewalls.get is not allowed for this test'),
    });
    try {
      const started = await call(ctx, admin, 'POST', '/api/remediation/executions', {
        vulnerabilityId: vuln?.id,
        actionId: 'gcp-remove-open-firewall',
      });
      expect(started.statusCode, started.body).toBe(202);
      const done = await waitExecution(ctx, admin, started.json().id, ['proposed', 'failed']);
      expect(done.status).toBe('failed');
      expect(await siemStatuses(done.id)).toEqual([]);
    } finally {
      gcp.faults.length = 0;
    }
  }, 60_000);

  it('the sweep ends a dry run only that an older version left proposed with its dry run', async () => {
    const vuln = await openFinding('azure_nsg_open_ssh');
    const started = await call(ctx, admin, 'POST', '/api/remediation/executions', {
      vulnerabilityId: vuln.id,
      actionId: 'azure-remove-open-nsg-rule',
      options: { dryRun: true },
    });
    expect(started.statusCode, started.body).toBe(202);
    const first = await waitExecution(ctx, admin, started.json().id, [
      'dry_run_completed',
      'failed',
    ]);
    expect(first.status, first.error ?? '').toBe('dry_run_completed');
    // As the versions before migration 0021 left it: proposed, with its dry run, not finished.
    await ctx.db.execute(sql`
      update remediation_executions
      set status = 'proposed', finished_at = null, transitions = transitions - 1
      where id = ${first.id}`);
    const left = await getExecution(ctx, admin, first.id);
    expect(left).toMatchObject({ status: 'proposed', finishedAt: null });
    const reads = azure.requests.length;
    const done = await waitExecution(ctx, admin, first.id, ['dry_run_completed', 'failed'], 20_000);
    expect(done.status, done.error ?? '').toBe('dry_run_completed');
    expect(done.finishedAt).not.toBeNull();
    // Its stored dry run is kept as it was: nothing was read again, nothing changed.
    expect(done.dryRun).toEqual(first.dryRun);
    expect(azure.requests.slice(reads).map((r) => r.operation)).toEqual([]);
    expect(done.transitions.map((t) => [t.status, t.by])).toEqual([
      ['proposed', admin.userId],
      ['dry_run_completed', null],
    ]);
    expect(await siemStatuses(done.id)).toEqual([]);
  }, 60_000);
});
