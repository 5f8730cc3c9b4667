// The dispatcher: one executor per cloud action of the catalogue, on the right provider, and
// refusals that need no provider (a finding the action does not fix, a resource it cannot name).
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { guardDnsLookups } from '../../../cloud/src/testing/network-guard.ts';
import { REMEDIATION_ACTIONS } from '../catalog/index.ts';
import { CLOUD_EXECUTABLE_ACTIONS, cloudExecutor } from './executor.ts';

const actionOf = (id: string) => {
  const found = REMEDIATION_ACTIONS.find((a) => a.id === id);
  if (!found) throw new Error(`no action ${id}`);
  return found;
};
const AWS = {
  accessKeyId: 'x',
  secretAccessKey: 'y',
  region: 'us-east-1',
  endpoint: 'http://127.0.0.1:9',
};

const guard = guardDnsLookups();
afterEach(() => expect(guard.lookups).toEqual([]));
afterAll(() => guard.restore());

describe('cloudExecutor', () => {
  it('has an executor for every cloud action, on the provider its id names, and none for host actions', () => {
    const cloud = REMEDIATION_ACTIONS.filter((a) => a.type === 'cloud');
    expect(CLOUD_EXECUTABLE_ACTIONS.sort()).toEqual(cloud.map((a) => a.id).sort());
    for (const action of cloud)
      expect(action.id.startsWith(`${cloudExecutor(action)?.provider}-`), action.id).toBe(true);
    for (const action of REMEDIATION_ACTIONS.filter((a) => a.type !== 'cloud'))
      expect(cloudExecutor(action), action.id).toBeUndefined();
  });

  it('refuses a finding of a check the action does not fix, before any call', async () => {
    const executor = cloudExecutor(actionOf('aws-revoke-open-ingress'));
    const finding = { checkId: 'aws_s3_bucket_versioning_off', resourceId: 'arn:aws:s3:::b' };
    await expect(executor?.dryRun(AWS as never, finding)).rejects.toMatchObject({
      code: 'missing_parameter',
      message: 'aws-revoke-open-ingress does not fix aws_s3_bucket_versioning_off findings',
    });
  });

  it('refuses a resource id it cannot read, before any call', async () => {
    const executor = cloudExecutor(actionOf('aws-deactivate-old-keys'));
    const finding = {
      checkId: 'aws_iam_access_key_old',
      resourceId: 'arn:aws:iam::123456789012:user/bob',
    };
    await expect(executor?.apply(AWS as never, finding)).rejects.toMatchObject({
      code: 'missing_parameter',
      message: 'arn:aws:iam::123456789012:user/bob names no access key',
    });
  });
});
