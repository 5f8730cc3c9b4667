import { describe, expect, it } from 'vitest';
import { AZURE_CHECKS, AZURE_SCAN_SERVICES } from '../catalog/azure.ts';
import { AZURE_BREAKS, addRule, openSsh, props } from '../testing/azure-breaks.ts';
import { type AzureFake, startAzureFake } from '../testing/azure-fake.ts';
import { AZ_SUB, cleanAzureState, nsgRule } from '../testing/azure-state.ts';
import { type Json, scanHarness, set, useFake } from '../testing/scan-harness.ts';
import { createTestTls, testAgent } from '../testing/test-ca.ts';
import { type AzureCredentials, VerificationFailed } from '../types.ts';
import { createAzureScanner } from './scanner.ts';

const tls = createTestTls();
const scanner = createAzureScanner({ agent: testAgent(tls) });
let fake: AzureFake;

const creds = (): AzureCredentials => ({
  tenantId: fake.state.tenantId,
  clientId: fake.state.clientId,
  clientSecret: fake.state.clientSecret,
  subscriptionId: AZ_SUB,
  authorityHost: fake.url,
  resourceManagerEndpoint: fake.url,
});

const { scan, waits, breakAndFix } = scanHarness(scanner, () => creds());

useFake(
  async () => {
    fake = await startAzureFake(tls, cleanAzureState());
    return fake;
  },
  () => fake && Object.assign(fake.state, cleanAzureState()),
  waits,
);

describe('Azure verification', () => {
  it('gets a token from the authority and reads the subscription', async () => {
    const identity = await scanner.verify(creds());
    expect(identity).toEqual({
      account: AZ_SUB,
      principal: fake.state.clientId,
      displayName: 'NetGuard test subscription',
    });
    expect(fake.calls('Entra.Token').length).toBeGreaterThan(0);
    expect(fake.calls('Subscriptions.Get')[0]?.authorization).toMatch(/^Bearer fake-entra-/);
  });

  it("fails with Entra's own message when the client secret is wrong", async () => {
    const attempt = scanner.verify({ ...creds(), clientSecret: 'wrong' });
    await expect(attempt).rejects.toBeInstanceOf(VerificationFailed);
    await expect(scanner.verify({ ...creds(), clientSecret: 'wrong' })).rejects.toThrow(
      /AADSTS7000215: Invalid client secret/,
    );
    expect(fake.calls('Subscriptions.Get')).toHaveLength(0);
  });

  it('fails with the ARM message when the subscription is not there', async () => {
    await expect(scanner.verify({ ...creds(), subscriptionId: 'nope' })).rejects.toThrow(
      /subscription 'nope' could not be found/,
    );
  });
});

describe('Azure checks through the SDKs', () => {
  it('has logic and a test case for every catalog entry (at least 35)', () => {
    expect(AZURE_CHECKS.length).toBeGreaterThanOrEqual(35);
    expect(Object.keys(AZURE_BREAKS).sort()).toEqual(AZURE_CHECKS.map((c) => c.id).sort());
  });

  it('passes a well-configured subscription with every check run and every call ok', async () => {
    const result = await scan();
    expect(result.findings).toEqual([]);
    expect(result.status).toBe('passed');
    expect(result.checksRun).toHaveLength(AZURE_CHECKS.length);
    expect(result.calls.every((c) => c.outcome === 'ok' && c.attempts === 1)).toBe(true);
  });

  it('fetches one token for all the reads of a scan', async () => {
    await scan();
    expect(fake.calls('Entra.Token')).toHaveLength(1);
  });

  it("reports refused credentials as one denied gap with Entra's reason, and reads nothing", async () => {
    const [result] = await scanner.scan(
      { ...creds(), clientSecret: 'wrong' },
      { checks: ['azure_rg_no_tags'] },
    );
    expect(result?.status).toBe('partial');
    expect(result?.gaps).toMatchObject([
      { operation: 'Entra.GetToken', outcome: 'denied', attempts: 1, checks: ['azure_rg_no_tags'] },
    ]);
    expect(result?.gaps[0]?.message).toMatch(/AADSTS7000215/);
    expect(fake.calls('ResourceGroups.List')).toHaveLength(0);
  });

  it.each(Object.entries(AZURE_BREAKS))(
    '%s: finding when broken, none when fixed',
    (id, [breakIt, resourceId]) =>
      breakAndFix(
        id,
        () => breakIt(fake.state),
        resourceId,
        () => Object.assign(fake.state, cleanAzureState()),
      ),
  );

  it('reports the public IPs behind an NSG that opens SSH, and ignores an allow shadowed by a deny', async () => {
    openSsh(fake.state, 'Internet');
    const result = await scan({ checks: ['azure_nsg_open_ssh'] });
    expect(result.findings[0]).toMatchObject({
      publicAddresses: ['198.51.100.10'],
      exposedPorts: [22],
      region: 'westeurope',
    });
    addRule(fake.state, nsgRule('deny-ssh', 150, '22', '*', 'Deny'));
    expect((await scan({ checks: ['azure_nsg_open_ssh'] })).findings).toEqual([]);
  });

  it('keeps findings of the regions asked for and reports progress to the end', async () => {
    openSsh(fake.state, '*');
    const progress: number[] = [];
    const elsewhere = await scan({
      regions: ['eastus'],
      onProgress: (p) => progress.push(p.total - p.done),
    });
    expect(elsewhere.findings).toEqual([]);
    expect(progress.at(-1)).toBe(0);
    const here = await scan({ regions: ['westeurope'], checks: ['azure_nsg_open_ssh'] });
    expect(here.findings).toHaveLength(1);
  });

  it('follows nextLink through every page of classic and modular clients', async () => {
    const copies = (items: Json[], n: number) =>
      Array.from(
        { length: n },
        (_, i) => ({ ...structuredClone(items[0]), id: `${items[0]?.id}-${i}` }) as Json,
      );
    openSsh(fake.state, '*');
    set(props(fake.state.storageAccounts), 'allowBlobPublicAccess', true);
    fake.state.nsgs.push(...copies(fake.state.nsgs, 4));
    fake.state.storageAccounts.push(...copies(fake.state.storageAccounts, 2));
    const result = await scan({ checks: ['azure_nsg_open_ssh', 'azure_storage_public_blob'] });
    expect(result.findings.filter((f) => f.checkId === 'azure_nsg_open_ssh')).toHaveLength(5);
    expect(result.findings.filter((f) => f.checkId === 'azure_storage_public_blob')).toHaveLength(
      3,
    );
    expect(fake.calls('NetworkSecurityGroups.ListAll')).toHaveLength(3);
    expect(fake.calls('StorageAccounts.List')).toHaveLength(2);
  });

  it('finds a resource group lock on a later page of the subscription-wide lock list', async () => {
    const other = (n: number) => ({
      id: `/subscriptions/${AZ_SUB}/resourceGroups/other/providers/Microsoft.Authorization/locks/l${n}`,
      name: `l${n}`,
      properties: { level: 'CanNotDelete' },
    });
    fake.state.locks.unshift(other(1), other(2), other(3));
    expect((await scan({ checks: ['azure_rg_no_lock'] })).findings).toEqual([]);
    expect(fake.calls('ManagementLocks.ListAtSubscriptionLevel')).toHaveLength(2);
  });

  it("runs only one spec service's checks and calls only its APIs", async () => {
    const result = await scan({ checks: [...AZURE_SCAN_SERVICES['key-vault'].checks] });
    expect(new Set(result.calls.map((c) => c.operation))).toEqual(
      new Set(['Entra.GetToken', 'Vaults.ListBySubscription']),
    );
    expect(fake.calls('NetworkSecurityGroups.ListAll')).toHaveLength(0);
  });
});

describe('Azure throttling, denial and timeouts', () => {
  it('retries a throttled call after Retry-After and still passes', async () => {
    fake.faults.push({
      operation: 'NetworkSecurityGroups.ListAll',
      status: 429,
      headers: { 'retry-after': '2' },
      times: 2,
      json: { error: { code: 'TooManyRequests', message: 'Rate limit' } },
    });
    const result = await scan({ checks: ['azure_nsg_open_ssh'] });
    expect(result.status).toBe('passed');
    expect(
      result.calls.find((c) => c.operation === 'NetworkSecurityGroups.ListAll')?.attempts,
    ).toBe(3);
    expect(fake.calls('NetworkSecurityGroups.ListAll')).toHaveLength(3);
    expect(waits.filter((w) => w >= 2000)).toHaveLength(2);
  });

  it('honours retry-after-ms and reports a call throttled to the end, and a denied one, as gaps', async () => {
    fake.faults.push(
      {
        operation: 'StorageAccounts.List',
        status: 429,
        headers: { 'retry-after-ms': '1500' },
        json: { error: { code: 'TooManyRequests', message: 'Rate limit' } },
      },
      {
        operation: 'Vaults.ListBySubscription',
        status: 403,
        json: {
          error: {
            code: 'AuthorizationFailed',
            message:
              "The client does not have authorization to perform action 'Microsoft.KeyVault/vaults/read'.",
          },
        },
      },
    );
    const result = await scan({ maxAttempts: 3 });
    expect(result.status).toBe('partial');
    const gaps = [...result.gaps].sort((a, b) => b.operation.localeCompare(a.operation));
    expect(gaps.map((g) => [g.operation, g.outcome, g.attempts])).toEqual([
      ['Vaults.ListBySubscription', 'denied', 1],
      ['StorageAccounts.List', 'throttled', 3],
    ]);
    expect(gaps[0]?.message).toMatch(/AuthorizationFailed/);
    expect(gaps[1]?.checks).toContain('azure_storage_public_blob');
    expect(waits.every((w) => w >= 1500)).toBe(true);
  });

  it('retries a server error and counts the attempts', async () => {
    fake.faults.push({
      operation: 'ResourceGroups.List',
      status: 500,
      json: {
        error: { code: 'InternalServerError', message: 'Encountered internal server error.' },
      },
      times: 1,
    });
    const result = await scan({ checks: ['azure_rg_no_tags'] });
    expect(result.status).toBe('passed');
    expect(result.calls.find((c) => c.operation === 'ResourceGroups.List')?.attempts).toBe(2);
  });

  it('gives up on a hanging endpoint after the per-call timeout', async () => {
    fake.faults.push({ operation: 'ResourceGroups.List', hang: true });
    const result = await scan({ checks: ['azure_rg_no_tags'], callTimeoutMs: 300 });
    expect(result.status).toBe('partial');
    expect(result.gaps).toMatchObject([
      { operation: 'ResourceGroups.List', outcome: 'timeout', attempts: 2 },
    ]);
  });
});
