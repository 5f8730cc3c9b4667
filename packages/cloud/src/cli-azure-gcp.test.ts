// The compiled CLI on Azure and GCP: credentials from each provider's usual environment variables
// and key file, the HTTPS fakes trusted through NODE_EXTRA_CA_CERTS as a private CA would be.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSsh } from './testing/azure-breaks.ts';
import { type AzureFake, startAzureFake } from './testing/azure-fake.ts';
import { AZ_IDS, AZ_SUB, cleanAzureState } from './testing/azure-state.ts';
import { openFirewall, tcp } from './testing/gcp-breaks.ts';
import { type GcpFake, startGcpFake } from './testing/gcp-fake.ts';
import { cleanGcpState, firewallId, GCP_PROJECT, serviceAccountKey } from './testing/gcp-state.ts';
import { runBin } from './testing/run-bin.ts';
import { createTestTls } from './testing/test-ca.ts';

const tls = createTestTls();
const dir = mkdtempSync(join(tmpdir(), 'netguard-cli-'));
const caFile = join(dir, 'ca.pem');
const keyFile = join(dir, 'key.json');
let azure: AzureFake;
let gcp: GcpFake;

beforeAll(async () => {
  writeFileSync(caFile, tls.ca);
  azure = await startAzureFake(tls, cleanAzureState());
  gcp = await startGcpFake(tls, cleanGcpState(''));
  const key = serviceAccountKey(`${gcp.url}/token`);
  Object.assign(gcp.state, cleanGcpState(key.publicKey));
  writeFileSync(keyFile, key.json);
});
afterAll(async () => {
  await azure?.close();
  await gcp?.close();
  rmSync(dir, { recursive: true, force: true });
});

const lines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('netguard-cloud azure', () => {
  const azureCli = (checks: string, secret = azure.state.clientSecret) =>
    runBin(['azure', '--checks', checks, '--endpoint', azure.url], {
      NODE_EXTRA_CA_CERTS: caFile,
      AZURE_TENANT_ID: azure.state.tenantId,
      AZURE_CLIENT_ID: azure.state.clientId,
      AZURE_CLIENT_SECRET: secret,
      AZURE_SUBSCRIPTION_ID: AZ_SUB,
      AZURE_AUTHORITY_HOST: azure.url,
    });

  it('reports an NSG open to SSH and exits 1; 0 once it is closed', async () => {
    openSsh(azure.state, 'Internet');
    const open = await azureCli('azure_nsg_open_ssh');
    expect(open.code, open.stderr).toBe(1);
    const findings = lines(open.stdout).filter((l) => l.type === 'finding');
    expect(findings).toMatchObject([{ checkId: 'azure_nsg_open_ssh', resourceId: AZ_IDS.nsg }]);
    Object.assign(azure.state, cleanAzureState());
    expect((await azureCli('azure_nsg_open_ssh')).code).toBe(0);
  });

  it("exits 3 with Entra's refusal as a gap when the secret is wrong", async () => {
    const refused = await azureCli('azure_nsg_open_ssh', 'wrong');
    expect(refused.code).toBe(3);
    expect(refused.stdout).toContain('AADSTS7000215');
  });
});

describe('netguard-cloud gcp', () => {
  it('reads the key file and project from the environment and reports an open firewall', async () => {
    openFirewall(gcp.state, 'ssh-any', tcp('22'));
    const run = await runBin(['gcp', '--checks', 'gcp_fw_open_ssh', '--endpoint', gcp.url], {
      NODE_EXTRA_CA_CERTS: caFile,
      GOOGLE_APPLICATION_CREDENTIALS: keyFile,
      GOOGLE_CLOUD_PROJECT: GCP_PROJECT,
    });
    expect(run.code, run.stderr).toBe(1);
    const findings = lines(run.stdout).filter((l) => l.type === 'finding');
    expect(findings).toMatchObject([
      { checkId: 'gcp_fw_open_ssh', resourceId: firewallId('ssh-any') },
    ]);
  });
});
