// The Azure action against the HTTPS fake of Entra and ARM on 127.0.0.1: seen, dry run, applied,
// verified, rolled back, seen again; refused calls fail with ARM's or Entra's message.
import type { AzureCredentials } from '@netguard/cloud';
import { describe, expect, it } from 'vitest';
import { addRule, openSsh } from '../../../cloud/src/testing/azure-breaks.ts';
import { type AzureFake, startAzureFake } from '../../../cloud/src/testing/azure-fake.ts';
import {
  AZ_IDS,
  AZ_SUB,
  cleanAzureState,
  nsgRule,
} from '../../../cloud/src/testing/azure-state.ts';
import { useFake } from '../../../cloud/src/testing/scan-harness.ts';
import { createTestTls, testAgent } from '../../../cloud/src/testing/test-ca.ts';
import { REMEDIATION_ACTIONS } from '../catalog/index.ts';
import { RemediationError } from '../execution.ts';
import { changedLines, roundTrip } from './round-trip.ts';
import { applyCloud, dryRunCloud } from './run.ts';
import { verifyCloudCheck } from './verify.ts';

const tls = createTestTls();
const options = { transport: { agent: testAgent(tls) } };
let fake: AzureFake;
useFake(
  async () => {
    fake = await startAzureFake(tls, cleanAzureState());
    return fake;
  },
  () => fake && Object.assign(fake.state, cleanAzureState()),
  [],
);

const creds = (): AzureCredentials => ({
  tenantId: fake.state.tenantId,
  clientId: fake.state.clientId,
  clientSecret: fake.state.clientSecret,
  subscriptionId: AZ_SUB,
  authorityHost: fake.url,
  resourceManagerEndpoint: fake.url,
});
const action = REMEDIATION_ACTIONS.find((a) => a.id === 'azure-remove-open-nsg-rule');
if (!action) throw new Error('azure-remove-open-nsg-rule is not in the catalogue');
const target = { resourceGroupName: 'prod', networkSecurityGroupName: 'web-nsg' };
const DELETE = 'Microsoft.Network/networkSecurityGroups/securityRules/delete';
const WRITE = 'Microsoft.Network/networkSecurityGroups/securityRules/write';

describe('azure-remove-open-nsg-rule', () => {
  it('deletes the rule opening SSH to *, and writes it again on rollback', async () => {
    openSsh(fake.state, '*');
    const finding = { checkId: 'azure_nsg_open_ssh', resourceId: AZ_IDS.nsg, region: 'westeurope' };
    const { dry, applied } = await roundTrip({
      provider: 'azure',
      credentials: creds(),
      actionId: action.id,
      finding,
      options,
      read: () => fake.state.nsgs[0],
    });
    expect(dry.apiCalls).toEqual([
      { call: DELETE, params: { ...target, securityRuleName: 'ssh-any' } },
    ]);
    expect(changedLines(dry)).toEqual([
      '-    },',
      '-    {',
      '-      "access": "Allow",',
      '-      "destinationAddressPrefix": "*",',
      '-      "destinationPortRange": "22",',
      '-      "direction": "Inbound",',
      '-      "name": "ssh-any",',
      '-      "priority": 200,',
      '-      "protocol": "Tcp",',
      '-      "sourceAddressPrefix": "*",',
      '-      "sourcePortRange": "*"',
    ]);
    expect(dry.log.map((s) => s.step)).toEqual(['Microsoft.Network/networkSecurityGroups/read']);
    expect(applied.captured.data).toMatchObject({
      ...target,
      rules: [{ name: 'ssh-any', sourceAddressPrefix: '*', destinationPortRange: '22' }],
    });
    expect(fake.calls('SecurityRules.Delete')).toHaveLength(1);
    expect(fake.calls('SecurityRules.CreateOrUpdate')).toHaveLength(1);
  });

  it('deletes every rule opening all ports, and leaves the office SSH rule', async () => {
    addRule(fake.state, nsgRule('any', 300, '*', 'Internet'));
    addRule(fake.state, nsgRule('wide', 310, '0-65535', '0.0.0.0/0'));
    const dry = await dryRunCloud(
      'azure',
      creds(),
      action,
      { checkId: 'azure_nsg_open_all_ports', resourceId: AZ_IDS.nsg },
      options,
    );
    expect(dry.apiCalls?.map((c) => c.params.securityRuleName)).toEqual(['any', 'wide']);
  });

  it("fails with ARM's message when the delete is refused", async () => {
    openSsh(fake.state, 'Internet');
    const message =
      "The client 'scanner' does not have authorization to perform action 'Microsoft.Network/networkSecurityGroups/securityRules/delete' over scope '/subscriptions/x' or the scope is invalid.";
    fake.faults.push({
      operation: 'SecurityRules.Delete',
      status: 403,
      json: { error: { code: 'AuthorizationFailed', message } },
    });
    const finding = { checkId: 'azure_nsg_open_ssh', resourceId: AZ_IDS.nsg };
    const error = await applyCloud('azure', creds(), action, finding, options).catch((e) => e);
    expect(error).toBeInstanceOf(RemediationError);
    expect(error).toMatchObject({
      code: 'cloud_call_failed',
      message: `AuthorizationFailed: ${message}`,
    });
    expect((error as RemediationError).log.at(-1)).toMatchObject({ step: DELETE, ok: false });
    expect(fake.state.nsgs[0]?.properties).toMatchObject({
      securityRules: expect.arrayContaining([expect.objectContaining({ name: 'ssh-any' })]),
    });
  });

  it('writes back the rules it deleted when a later delete is refused', async () => {
    addRule(fake.state, nsgRule('any', 300, '*', 'Internet'));
    addRule(fake.state, nsgRule('wide', 310, '0-65535', '0.0.0.0/0'));
    // Rules are a set (priorities order them): compared by name.
    const rules = () =>
      (
        (fake.state.nsgs[0]?.properties as { securityRules: { name: string }[] } | undefined)
          ?.securityRules ?? []
      )
        .slice()
        .sort((a, b) => a.name.localeCompare(b.name));
    const before = structuredClone(rules());
    // Once the first delete has been answered, the next one is refused.
    const requests = fake.requests;
    requests.push = (...recorded) => {
      if (recorded.some((r) => r.operation === 'SecurityRules.Delete' && r.status === 200))
        fake.faults.push({
          operation: 'SecurityRules.Delete',
          status: 409,
          json: { error: { code: 'Conflict', message: 'Another operation is in progress.' } },
        });
      return Array.prototype.push.apply(requests, recorded);
    };
    try {
      const finding = { checkId: 'azure_nsg_open_all_ports', resourceId: AZ_IDS.nsg };
      const error = await applyCloud('azure', creds(), action, finding, options).catch((e) => e);
      expect(error).toMatchObject({
        code: 'cloud_call_failed',
        message: 'Conflict: Another operation is in progress.',
      });
      expect((error as RemediationError).log.map((s) => [s.step, s.ok])).toEqual([
        ['Microsoft.Network/networkSecurityGroups/read', true],
        [DELETE, true],
        [DELETE, false],
        [`${WRITE} (undo)`, true],
        [`${WRITE} (undo)`, true],
      ]);
      expect(rules()).toEqual(before);
    } finally {
      Reflect.deleteProperty(requests, 'push');
    }
  });

  it('does not call a resource fixed when the scan could not read the NSGs', async () => {
    fake.faults.push({ operation: 'NetworkSecurityGroups.ListAll', status: 403, json: {} });
    const verification = await verifyCloudCheck(
      'azure',
      creds(),
      'azure_nsg_open_ssh',
      AZ_IDS.nsg,
      options,
    );
    expect(verification.fixed).toBe(false);
    expect(verification.evidence).toMatch(
      /^not verified, the scan could not read: NetworkSecurityGroups.ListAll/,
    );
  });

  it("fails with Entra's message when the client secret is wrong", async () => {
    openSsh(fake.state, '*');
    const finding = { checkId: 'azure_nsg_open_ssh', resourceId: AZ_IDS.nsg };
    const attempt = dryRunCloud(
      'azure',
      { ...creds(), clientSecret: 'wrong' },
      action,
      finding,
      options,
    );
    await expect(attempt).rejects.toMatchObject({
      code: 'cloud_call_failed',
      message: expect.stringMatching(/AADSTS7000215: Invalid client secret/),
    });
  });
});
