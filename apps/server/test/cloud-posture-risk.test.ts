// Cloud findings as the Vulnerabilities page, its export and the AI Risk Scoring page see them:
// their checks' framework controls, a risk assessment whose exposure follows the resource's
// reachability, and scan progress counted in resources. Azure's HTTPS fake on 127.0.0.1.
import { AZURE_CHECKS } from '@netguard/cloud';
import type { TCloudFinding, TVulnerability } from '@netguard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { props } from '../../../packages/cloud/src/testing/azure-breaks.ts';
import type { AzureFake } from '../../../packages/cloud/src/testing/azure-fake.ts';
import {
  AZ_IDS,
  AZ_SUB,
  cleanAzureState,
} from '../../../packages/cloud/src/testing/azure-state.ts';
import type { Workers } from '../src/workers.ts';
import { fakeReach, startCloudFakes } from './cloud-fakes.ts';
import { scanAndWait, startCloudWorkers } from './cloud-helpers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';

let fakes: Awaited<ReturnType<typeof startCloudFakes>>;
let azure: AzureFake;
let ctx: TestContext;
let workers: Workers;
let admin: Account;
let connectionId: string;

const call = (url: string) => ctx.app.inject({ method: 'GET', url, headers: admin.auth });
const catalog = (id: string) => AZURE_CHECKS.find((c) => c.id === id);

beforeAll(async () => {
  fakes = await startCloudFakes();
  azure = fakes.azure;
  const reach = fakeReach(fakes.tls);
  ctx = await createTestApp(reach.env, { cloudScanners: fakes.scanners, ...reach.options });
  workers = await startCloudWorkers(ctx, fakes.scanners);
  admin = await createAccount(ctx, 'cloud-posture-risk@example.com', 'Enterprise');
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/cloud/connections',
    headers: admin.auth,
    payload: {
      provider: 'azure',
      credentials: {
        tenantId: azure.state.tenantId,
        clientId: azure.state.clientId,
        clientSecret: azure.state.clientSecret,
        subscriptionId: AZ_SUB,
      },
    },
  });
  expect(res.statusCode).toBe(201);
  connectionId = res.json().id;
}, 60_000);

afterAll(async () => {
  await workers?.stop();
  await ctx?.close();
  await fakes?.close();
});

describe('cloud findings on the Vulnerabilities page', () => {
  let scanId: string;
  const byCheck = (items: TVulnerability[], id: string) => items.find((v) => v.check_id === id);

  beforeAll(async () => {
    Object.assign(azure.state, cleanAzureState());
    const account = props(azure.state.storageAccounts);
    // Public: anonymous blob access. Not public: shared key authorization (a credential).
    account.allowBlobPublicAccess = true;
    account.allowSharedKeyAccess = true;
    const scan = await scanAndWait(ctx, admin, { connectionId });
    expect(scan.status).toBe('failed');
    scanId = scan.id;
  }, 60_000);

  it('reports the progress in resources: every collected resource evaluated', async () => {
    const scan = (await call(`/api/cloud/scans/${scanId}`)).json();
    // One NSG, resource group, key vault, storage account and SQL server, and 10 Defender plans.
    expect(scan.progress).toEqual({ done: 15, total: 15, phase: 'done' });
  });

  it("shows each cloud finding's framework controls, as its catalog entry maps them", async () => {
    const page = (await call('/api/vulnerabilities?search=prodfiles')).json();
    const blob = byCheck(page.items, 'azure_storage_public_blob');
    expect(blob?.frameworks).toEqual(catalog('azure_storage_public_blob')?.frameworks);
    expect(blob?.frameworks?.soc2).toContain('CC6.1');
    const findings = (await call(`/api/cloud/findings?connectionId=${connectionId}`)).json();
    const shared = findings.items.find(
      (f: TCloudFinding) => f.checkId === 'azure_storage_shared_key',
    );
    expect(shared.frameworks).toEqual(catalog('azure_storage_shared_key')?.frameworks);
    expect(shared.frameworks.iso27001.length).toBeGreaterThan(0);
    expect(shared.riskScore).toBe(40);
  });

  it('scores a public resource as internet-exposed and a private one as internal', async () => {
    const page = (await call('/api/vulnerabilities?search=prodfiles&sort=risk')).json();
    // High (70) x 1.5 for internet exposure, capped at 100; medium (40), internal, no multiplier.
    expect(byCheck(page.items, 'azure_storage_public_blob')?.risk_score).toBe(100);
    expect(byCheck(page.items, 'azure_storage_shared_key')?.risk_score).toBe(40);
    expect(page.items[0].check_id).toBe('azure_storage_public_blob');
    const blob = byCheck(page.items, 'azure_storage_public_blob');
    const assessment = (await call(`/api/risk/assessments/${blob?.id}`)).json();
    expect(assessment.riskScore).toBe(100);
    const exposure = assessment.inputs.find((i: { name: string }) => i.name === 'Exposure');
    expect(exposure).toMatchObject({ value: 'external', present: true });
    expect(exposure.source).toContain('public access');
    const shared = byCheck(page.items, 'azure_storage_shared_key');
    const internal = (await call(`/api/risk/assessments/${shared?.id}`)).json();
    expect(internal.inputs.find((i: { name: string }) => i.name === 'Exposure').value).toBe(
      'internal',
    );
  });

  it('exports the framework controls and the score in the CSV and JSON exports', async () => {
    const csv = (await call('/api/vulnerabilities/export?format=csv&search=prodfiles')).body;
    const [header, ...rows] = csv.trim().split('\r\n');
    const columns = header?.split(',') ?? [];
    expect(columns).toContain('framework_controls');
    const blobRow = rows.find((r) => r.includes('azure_storage_public_blob'));
    expect(blobRow).toContain('SOC 2 CC6.1, CC6.6; ISO 27001 A.5.15, A.8.3');
    const json = JSON.parse((await call('/api/vulnerabilities/export?format=json')).body);
    const item = json.find((v: TVulnerability) => v.check_id === 'azure_storage_public_blob');
    expect(item.frameworks).toEqual(catalog('azure_storage_public_blob')?.frameworks);
    expect(item.risk_score).toBe(100);
    expect(AZ_IDS.storage).toBe(item.host);
  });
});
