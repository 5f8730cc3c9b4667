// Azure and GCP findings remediated through the API, the worker and the library's SDK clients,
// against the HTTPS fakes of Entra, ARM and the Google APIs on 127.0.0.1 (test CA): an NSG rule
// and a VPC firewall rule open to SSH from the internet are removed, verified, and put back.
import type { TExecution, TVulnerability } from '@netguard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSsh } from '../../../packages/cloud/src/testing/azure-breaks.ts';
import type { AzureFake } from '../../../packages/cloud/src/testing/azure-fake.ts';
import { AZ_SUB } from '../../../packages/cloud/src/testing/azure-state.ts';
import { openFirewall, tcp } from '../../../packages/cloud/src/testing/gcp-breaks.ts';
import type { GcpFake } from '../../../packages/cloud/src/testing/gcp-fake.ts';
import { GCP_PROJECT } from '../../../packages/cloud/src/testing/gcp-state.ts';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/lib/logger.ts';
import { startWorkers, type Workers } from '../src/workers.ts';
import { fakeReach, startCloudFakes } from './cloud-fakes.ts';
import { SECRET, scanAndWait } from './cloud-helpers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { call, waitExecution } from './remediation-helpers.ts';

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
});
