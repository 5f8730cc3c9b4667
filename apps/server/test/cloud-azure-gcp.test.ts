// Azure and GCP connections and scans through the API, the worker and the library's real SDK
// clients, against the HTTPS fakes of Entra, ARM and the Google APIs on 127.0.0.1 (test CA). The
// deployment's CLOUD_* endpoints point the scanners at them, as an operator's would.
import { CLOUD_TEXT, type TCloudFinding } from '@netguard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSsh } from '../../../packages/cloud/src/testing/azure-breaks.ts';
import type { AzureFake } from '../../../packages/cloud/src/testing/azure-fake.ts';
import { AZ_IDS, AZ_SUB } from '../../../packages/cloud/src/testing/azure-state.ts';
import { openFirewall, tcp } from '../../../packages/cloud/src/testing/gcp-breaks.ts';
import { type GcpFake, googleError } from '../../../packages/cloud/src/testing/gcp-fake.ts';
import {
  firewallId,
  GCP_PROJECT,
  type serviceAccountKey,
} from '../../../packages/cloud/src/testing/gcp-state.ts';
import type { Workers } from '../src/workers.ts';
import { fakeReach, startCloudFakes } from './cloud-fakes.ts';
import { scanAndWait, startCloudWorkers } from './cloud-helpers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';

let azure: AzureFake;
let gcp: GcpFake;
let key: ReturnType<typeof serviceAccountKey>;
let ctx: TestContext;
let workers: Workers;
let admin: Account;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: admin.auth, ...(payload ? { payload } : {}) });

const azureCredentials = (clientSecret = azure.state.clientSecret) => ({
  tenantId: azure.state.tenantId,
  clientId: azure.state.clientId,
  clientSecret,
  subscriptionId: AZ_SUB,
});

beforeAll(async () => {
  const fakes = await startCloudFakes();
  ({ azure, gcp, key } = fakes);
  const { scanners } = fakes;
  const reach = fakeReach(fakes.tls);
  ctx = await createTestApp(reach.env, { cloudScanners: scanners, ...reach.options });
  workers = await startCloudWorkers(ctx, scanners);
  admin = await createAccount(ctx, 'cloud-azure-gcp@example.com', 'Enterprise');
}, 60_000);

afterAll(async () => {
  await workers?.stop();
  await ctx?.close();
  await azure?.close();
  await gcp?.close();
});

describe('Azure through the API', () => {
  let connectionId: string;

  it("refuses a wrong client secret with Entra's reason and stores nothing", async () => {
    const res = await call('POST', '/api/cloud/connections', {
      provider: 'azure',
      credentials: azureCredentials('wrong-secret'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(CLOUD_TEXT.connectionFailed('azure'));
    expect(res.json().error.message).toContain('AADSTS7000215');
    expect(res.body).not.toContain('wrong-secret');
    expect((await call('GET', '/api/cloud/connections')).json().connections).toEqual([]);
  });

  it('connects after a token and a subscription read, and never returns the secret', async () => {
    const res = await call('POST', '/api/cloud/connections', {
      provider: 'azure',
      credentials: azureCredentials(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ provider: 'azure', status: 'connected', account: AZ_SUB });
    expect(res.body).not.toContain(azure.state.clientSecret);
    expect(azure.calls('Subscriptions.Get').length).toBeGreaterThan(0);
    connectionId = res.json().id;
  });

  it('stores an NSG open to SSH as a vulnerability, unchecked outside the scan scope', async () => {
    openSsh(azure.state, 'Internet');
    const scan = await scanAndWait(ctx, admin, { connectionId });
    expect(scan.status).toBe('failed');
    expect(scan.gaps).toEqual([]);
    const detail = (await call('GET', `/api/cloud/scans/${scan.id}`)).json();
    const ssh = detail.findings.find((f: TCloudFinding) => f.checkId === 'azure_nsg_open_ssh');
    expect(ssh).toMatchObject({
      provider: 'azure',
      account: AZ_SUB,
      region: 'westeurope',
      resourceId: AZ_IDS.nsg,
      status: 'open',
      // 198.51.100.10 is outside the loopback-only scope of these tests: never probed.
      exposure: 'unchecked',
    });
    const vulns = (await call('GET', '/api/vulnerabilities?search=web-nsg')).json();
    expect(vulns.items.length).toBeGreaterThan(0);
  });

  it('ends partial, naming the denied call and its checks, when Key Vault reads are refused', async () => {
    azure.faults.push({
      operation: 'Vaults.ListBySubscription',
      status: 403,
      json: {
        error: {
          code: 'AuthorizationFailed',
          message:
            'The client does not have authorization to perform action Microsoft.KeyVault/vaults/read.',
        },
      },
    });
    const scan = await scanAndWait(ctx, admin, {
      serviceScan: { provider: 'azure', service: 'key-vault', scanType: 'access_policies' },
    });
    azure.faults.splice(0);
    expect(scan.status).toBe('partial');
    expect(scan.gaps).toHaveLength(1);
    expect(scan.gaps[0]).toMatchObject({
      operation: 'Vaults.ListBySubscription',
      outcome: 'denied',
    });
    expect(scan.gaps[0]?.message).toContain('AuthorizationFailed');
    expect(scan.gaps[0]?.checks.every((c) => c.startsWith('azure_kv_'))).toBe(true);
  });
});

describe('GCP through the API', () => {
  const gcpCredentials = () => ({ projectId: GCP_PROJECT, serviceAccountKey: key.json });

  it('refuses a key that is not JSON before any call', async () => {
    const before = gcp.requests.length;
    const res = await call('POST', '/api/cloud/connections', {
      provider: 'gcp',
      credentials: { projectId: GCP_PROJECT, serviceAccountKey: '{not json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Service account key must be valid JSON');
    expect(gcp.requests.length).toBe(before);
  });

  it("connects with a token from the key's token_uri and a project read", async () => {
    const res = await call('POST', '/api/cloud/connections', {
      provider: 'gcp',
      credentials: gcpCredentials(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      provider: 'gcp',
      status: 'connected',
      account: GCP_PROJECT,
    });
    expect(res.body).not.toContain('PRIVATE KEY');
  });

  it('finds a firewall open to SSH, then marks it fixed once the rule is gone', async () => {
    openFirewall(gcp.state, 'ssh-any', tcp('22'));
    const first = await scanAndWait(ctx, admin, {
      serviceScan: { provider: 'gcp', service: 'compute-engine', scanType: 'firewall_rules' },
    });
    const detail = (await call('GET', `/api/cloud/scans/${first.id}`)).json();
    expect(detail.findings.map((f: TCloudFinding) => [f.checkId, f.resourceId])).toContainEqual([
      'gcp_fw_open_ssh',
      firewallId('ssh-any'),
    ]);
    gcp.state.firewalls.pop();
    const second = await scanAndWait(ctx, admin, {
      serviceScan: { provider: 'gcp', service: 'compute-engine', scanType: 'firewall_rules' },
    });
    const comparison = (await call('GET', `/api/cloud/scans/${second.id}/comparison`)).json();
    expect(comparison.resolved.map((f: TCloudFinding) => f.resourceId)).toContain(
      firewallId('ssh-any'),
    );
  });

  it('ends partial when the project IAM policy read is denied', async () => {
    gcp.faults.push({
      operation: 'projects.getIamPolicy',
      ...googleError(
        403,
        'PERMISSION_DENIED',
        "Permission 'resourcemanager.projects.getIamPolicy' denied on resource.",
      ),
    });
    const scan = await scanAndWait(ctx, admin, {
      serviceScan: { provider: 'gcp', service: 'iam', scanType: 'policy_bindings' },
    });
    gcp.faults.splice(0);
    expect(scan.status).toBe('partial');
    expect(scan.gaps.map((g) => [g.operation, g.outcome])).toContainEqual([
      'projects.getIamPolicy',
      'denied',
    ]);
  });
});
