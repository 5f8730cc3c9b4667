// Verification (STS, after AssumeRole with an external id) and organization scans (one result per
// member account through its role), against moto; refusals through the fault proxy.
import { EC2Client } from '@aws-sdk/client-ec2';
import {
  CreateAccountCommand,
  CreateOrganizationCommand,
  OrganizationsClient,
} from '@aws-sdk/client-organizations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGroup,
  type MotoAccount,
  REGION,
  startMotoAccount,
  tcpRule,
} from '../testing/aws-account.ts';
import { type FaultProxy, startFaultProxy } from '../testing/fault-proxy.ts';
import { VerificationFailed } from '../types.ts';
import { awsScanner } from './scanner.ts';
import { assumeRole } from './verify.ts';

let aws: MotoAccount;
let proxy: FaultProxy;
let member: string;
let locked: string;
const MANAGEMENT = '123456789012';
const ROLE = 'OrganizationAccountAccessRole';

beforeAll(async () => {
  aws = await startMotoAccount();
  const orgs = new OrganizationsClient({
    region: REGION,
    endpoint: aws.moto.endpoint,
    credentials: aws.credentials,
  });
  await orgs.send(new CreateOrganizationCommand({ FeatureSet: 'ALL' }));
  const created = await orgs.send(
    new CreateAccountCommand({ AccountName: 'workloads', Email: 'workloads@example.com' }),
  );
  member = created.CreateAccountStatus?.AccountId ?? '';
  const second = await orgs.send(
    new CreateAccountCommand({ AccountName: 'locked', Email: 'locked@example.com' }),
  );
  locked = second.CreateAccountStatus?.AccountId ?? '';
  orgs.destroy();
  // An open SSH group in the member account, made through its role.
  const keys = await assumeRole({ keys: aws.credentials, endpoint: aws.moto.endpoint }, REGION, {
    roleArn: `arn:aws:iam::${member}:role/${ROLE}`,
  });
  const ec2 = new EC2Client({ region: REGION, endpoint: aws.moto.endpoint, credentials: keys });
  await createGroup(ec2, 'member-ssh', tcpRule(22));
  ec2.destroy();
  proxy = await startFaultProxy(aws.moto.endpoint, [
    {
      match: (r) =>
        r.operation === 'AssumeRole' &&
        r.body.includes(encodeURIComponent(`arn:aws:iam::${locked}:role/${ROLE}`)),
      status: 403,
      code: 'AccessDenied',
      message: `User is not authorized to perform: sts:AssumeRole on resource: arn:aws:iam::${locked}:role/${ROLE}`,
      format: 'query',
    },
    {
      match: (r) =>
        r.operation === 'GetCallerIdentity' && r.authorization.includes('Credential=refused/'),
      status: 403,
      code: 'InvalidClientTokenId',
      message: 'The security token included in the request is invalid.',
      format: 'query',
    },
  ]);
});
afterAll(async () => {
  await proxy?.close();
  await aws?.stop();
});

describe('verify', () => {
  it('names the account and principal of the keys, and of a role assumed with an external id', async () => {
    expect(await awsScanner.verify(aws.credentials)).toEqual({
      account: MANAGEMENT,
      principal: expect.stringContaining(MANAGEMENT),
    });
    const role = await awsScanner.verify({
      ...aws.credentials,
      roleArn: `arn:aws:iam::${member}:role/Auditor`,
      externalId: 'tenant-42',
    });
    expect(role).toEqual({
      account: member,
      principal: expect.stringContaining(`arn:aws:sts::${member}:assumed-role/Auditor/`),
    });
  });

  it("throws VerificationFailed with AWS's own message when the role is refused", async () => {
    const refused = awsScanner.verify({
      ...aws.credentials,
      endpoint: proxy.endpoint,
      roleArn: `arn:aws:iam::${locked}:role/${ROLE}`,
    });
    await expect(refused).rejects.toThrow(VerificationFailed);
    await expect(refused).rejects.toThrow(
      /AccessDenied: User is not authorized to perform: sts:AssumeRole/,
    );
  });
});

describe('refused keys', () => {
  it('throw VerificationFailed with the STS message', async () => {
    const refused = awsScanner.verify({
      ...aws.credentials,
      accessKeyId: 'refused',
      endpoint: proxy.endpoint,
    });
    await expect(refused).rejects.toThrow(VerificationFailed);
    await expect(refused).rejects.toThrow(
      'InvalidClientTokenId: The security token included in the request is invalid.',
    );
  });
});

describe('an organization scan', () => {
  it('scans its own account with its keys and every member through its role; a refused role makes that account partial', async () => {
    const results = await awsScanner.scan(
      { ...aws.credentials, endpoint: proxy.endpoint, organizationRoleName: ROLE },
      { checks: ['aws_ec2_sg_open_ssh'], sleep: async () => {} },
    );
    expect(results.map((r) => r.account).sort()).toEqual([MANAGEMENT, member, locked].sort());
    const memberResult = results.find((r) => r.account === member);
    expect(memberResult?.status).toBe('failed');
    expect(memberResult?.findings.map((f) => f.resourceId)).toEqual([
      expect.stringMatching(new RegExp(`^arn:aws:ec2:${REGION}:${member}:security-group/`)),
    ]);
    const management = results.find((r) => r.account === MANAGEMENT);
    expect(management?.status).toBe('passed');
    expect(management?.calls.map((c) => c.operation)).not.toContain('AssumeRole');
    const refused = results.find((r) => r.account === locked);
    expect(refused?.status).toBe('partial');
    expect(refused?.gaps).toEqual([
      expect.objectContaining({
        operation: 'AssumeRole',
        outcome: 'denied',
        checks: ['aws_ec2_sg_open_ssh'],
      }),
    ]);
  });
});
