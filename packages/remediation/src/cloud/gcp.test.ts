// The GCP actions against the HTTPS fake of Google's token endpoint and APIs on 127.0.0.1: seen,
// dry run, applied, verified, rolled back, seen again; refused calls fail with Google's message.
import type { GcpCredentials } from '@netguard/cloud';
import { describe, expect, it } from 'vitest';
import { bindings, GCP_BREAKS, openFirewall, tcp } from '../../../cloud/src/testing/gcp-breaks.ts';
import { type GcpFake, googleError, startGcpFake } from '../../../cloud/src/testing/gcp-fake.ts';
import {
  cleanGcpState,
  firewallId,
  GCP_IDS,
  GCP_PROJECT,
  serviceAccountKey,
} from '../../../cloud/src/testing/gcp-state.ts';
import { useFake } from '../../../cloud/src/testing/scan-harness.ts';
import { createTestTls, testAgent } from '../../../cloud/src/testing/test-ca.ts';
import { REMEDIATION_ACTIONS } from '../catalog/index.ts';
import { RemediationError } from '../execution.ts';
import { changedLines, roundTrip } from './round-trip.ts';
import { applyCloud, dryRunCloud, rollbackCloud } from './run.ts';

const tls = createTestTls();
const options = { transport: { agent: testAgent(tls) } };
let fake: GcpFake;
let key: ReturnType<typeof serviceAccountKey>;
useFake(
  async () => {
    fake = await startGcpFake(tls, cleanGcpState(''));
    key = serviceAccountKey(`${fake.url}/token`);
    return fake;
  },
  () => fake && Object.assign(fake.state, cleanGcpState(key.publicKey)),
  [],
);

const creds = (): GcpCredentials => ({
  projectId: GCP_PROJECT,
  serviceAccountKey: key.json,
  apiEndpoint: fake.url,
});
const actionOf = (id: string) => {
  const found = REMEDIATION_ACTIONS.find((a) => a.id === id);
  if (!found) throw new Error(`${id} is not in the catalogue`);
  return found;
};

describe('gcp-remove-open-firewall', () => {
  it('deletes the rule opening SSH to 0.0.0.0/0, and inserts it again on rollback', async () => {
    openFirewall(fake.state, 'ssh-any', tcp('22'));
    const finding = { checkId: 'gcp_fw_open_ssh', resourceId: firewallId('ssh-any') };
    const { dry, applied } = await roundTrip({
      provider: 'gcp',
      credentials: creds(),
      actionId: 'gcp-remove-open-firewall',
      finding,
      options,
      read: () => fake.state.firewalls,
    });
    expect(dry.apiCalls).toEqual([
      { call: 'compute.firewalls.delete', params: { project: GCP_PROJECT, firewall: 'ssh-any' } },
    ]);
    const removed = changedLines(dry);
    expect(removed.every((l) => l.startsWith('-'))).toBe(true);
    expect(removed).toContain('-  "name": "ssh-any",');
    expect(removed).toContain('-    "0.0.0.0/0"');
    expect(applied.captured.data).toMatchObject({
      project: GCP_PROJECT,
      firewall: { name: 'ssh-any', sourceRanges: ['0.0.0.0/0'], allowed: tcp('22') },
    });
    expect(fake.calls('firewalls.insert')).toHaveLength(1);
  });

  it('changes nothing for a rule that no longer opens the port, and rolls back nothing', async () => {
    const action = actionOf('gcp-remove-open-firewall');
    const finding = { checkId: 'gcp_fw_open_ssh', resourceId: firewallId('allow-ssh-office') };
    const dry = await dryRunCloud('gcp', creds(), action, finding, options);
    expect(dry).toMatchObject({ changes: false, apiCalls: [], diffs: [{ diff: '' }] });
    const applied = await applyCloud('gcp', creds(), action, finding, options);
    expect(applied.log.map((s) => s.step)).toEqual(['compute.firewalls.get']);
    expect(await rollbackCloud('gcp', creds(), applied.captured, options)).toEqual({ log: [] });
    expect(fake.calls('firewalls.insert')).toEqual([]);
  });

  it("fails with Google's message when the delete is refused", async () => {
    openFirewall(fake.state, 'rdp-any', tcp('3389'));
    const message =
      "Required 'compute.firewalls.delete' permission for 'projects/netguard-test/global/firewalls/rdp-any'";
    fake.faults.push({
      operation: 'firewalls.delete',
      ...googleError(403, 'PERMISSION_DENIED', message),
    });
    const finding = { checkId: 'gcp_fw_open_rdp', resourceId: firewallId('rdp-any') };
    const error = await applyCloud(
      'gcp',
      creds(),
      actionOf('gcp-remove-open-firewall'),
      finding,
      options,
    ).catch((e) => e);
    expect(error).toBeInstanceOf(RemediationError);
    expect(error).toMatchObject({
      code: 'cloud_call_failed',
      message: `PERMISSION_DENIED: ${message}`,
    });
    expect(fake.state.firewalls.map((f) => f.name)).toContain('rdp-any');
  });

  it('fails with the reason when the key does not parse', async () => {
    const finding = { checkId: 'gcp_fw_open_ssh', resourceId: firewallId('allow-https') };
    const attempt = dryRunCloud(
      'gcp',
      { ...creds(), serviceAccountKey: '{' },
      actionOf('gcp-remove-open-firewall'),
      finding,
      options,
    );
    await expect(attempt).rejects.toMatchObject({
      code: 'cloud_call_failed',
      message: expect.stringMatching(/serviceAccountKey must parse as JSON/),
    });
    expect(fake.requests).toEqual([]);
  });
});

describe('gcp-remove-public-bindings', () => {
  it("removes allAuthenticatedUsers from the project's policy, and sets the captured one back", async () => {
    bindings(fake.state).push({ role: 'roles/viewer', members: ['allAuthenticatedUsers'] });
    const { dry } = await roundTrip({
      provider: 'gcp',
      credentials: creds(),
      actionId: 'gcp-remove-public-bindings',
      finding: { checkId: 'gcp_iam_public_binding', resourceId: GCP_IDS.project },
      options,
      read: () => fake.state.projectPolicy.bindings,
    });
    const sent = dry.apiCalls?.[0];
    expect(sent?.call).toBe('cloudresourcemanager.projects.setIamPolicy');
    expect(sent?.params).toMatchObject({
      resource: GCP_PROJECT,
      requestBody: { policy: { etag: 'BwYAAAAAAAA=', bindings: bindings(cleanGcpState('')) } },
    });
    expect(changedLines(dry)).toEqual([
      '-    },',
      '-    {',
      '-      "members": [',
      '-        "allAuthenticatedUsers"',
      '-      ],',
      '-      "role": "roles/viewer"',
    ]);
    expect(fake.calls('projects.setIamPolicy')).toHaveLength(2);
  });

  it("removes allUsers from the bucket's policy, and sets the captured one back", async () => {
    GCP_BREAKS.gcp_bucket_public?.[0](fake.state);
    const { dry } = await roundTrip({
      provider: 'gcp',
      credentials: creds(),
      actionId: 'gcp-remove-public-bindings',
      finding: { checkId: 'gcp_bucket_public', resourceId: GCP_IDS.bucket },
      options,
      read: () => fake.state.buckets[0]?.policy.bindings,
    });
    expect(dry.apiCalls?.[0]).toMatchObject({
      call: 'storage.buckets.setIamPolicy',
      params: { bucket: 'netguard-logs', requestBody: { etag: 'CAE=' } },
    });
  });
});
