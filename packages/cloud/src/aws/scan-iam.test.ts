// The IAM checks against real moto state. Dates (key age, unused credentials) are judged against
// the scan's clock, moved forward through options.now.
import {
  CreateAccessKeyCommand,
  CreateLoginProfileCommand,
  CreatePolicyCommand,
  CreatePolicyVersionCommand,
  CreateUserCommand,
  CreateVirtualMFADeviceCommand,
  DeleteUserPolicyCommand,
  EnableMFADeviceCommand,
  PutUserPolicyCommand,
  UpdateAccessKeyCommand,
  UpdateAccountPasswordPolicyCommand,
} from '@aws-sdk/client-iam';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { found, type MotoAccount, startMotoAccount } from '../testing/aws-account.ts';

let aws: MotoAccount;
beforeAll(async () => {
  aws = await startMotoAccount();
});
afterAll(() => aws?.stop());

const ACCOUNT = '123456789012';
const userArn = (name: string) => `arn:aws:iam::${ACCOUNT}:user/${name}`;
const inDays = (days: number) => () => new Date(Date.now() + days * 86_400_000);
const policy = (Action: string, Resource: string) =>
  JSON.stringify({ Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action, Resource }] });

describe('IAM users', () => {
  it('finds a console user without MFA until an MFA device is enabled', async () => {
    await aws.iam.send(new CreateUserCommand({ UserName: 'alice' }));
    await aws.iam.send(
      new CreateLoginProfileCommand({ UserName: 'alice', Password: 'Correct-Horse-1' }),
    );
    const check = 'aws_iam_user_console_no_mfa';
    expect(found(await aws.scan([check]), check)).toEqual([userArn('alice')]);
    const device = await aws.iam.send(
      new CreateVirtualMFADeviceCommand({ VirtualMFADeviceName: 'alice' }),
    );
    await aws.iam.send(
      new EnableMFADeviceCommand({
        UserName: 'alice',
        SerialNumber: device.VirtualMFADevice?.SerialNumber,
        AuthenticationCode1: '123456',
        AuthenticationCode2: '654321',
      }),
    );
    expect(found(await aws.scan([check]), check)).toEqual([]);
  });

  it('finds an active key older than 90 days, and none for a new or deactivated key', async () => {
    await aws.iam.send(new CreateUserCommand({ UserName: 'bob' }));
    const { AccessKey } = await aws.iam.send(new CreateAccessKeyCommand({ UserName: 'bob' }));
    const check = 'aws_iam_access_key_old';
    expect(found(await aws.scan([check]), check)).toEqual([]);
    const later = await aws.scan([check], { now: inDays(100) });
    expect(found(later, check)).toEqual([`${userArn('bob')}/access_key_1`]);
    expect(later.findings[0]?.detail).toMatch(/Access key 1 of IAM user bob is 100 days old/);
    await aws.iam.send(
      new UpdateAccessKeyCommand({
        UserName: 'bob',
        AccessKeyId: AccessKey?.AccessKeyId,
        Status: 'Inactive',
      }),
    );
    expect(found(await aws.scan([check], { now: inDays(100) }), check)).toEqual([]);
  });

  it('finds a user with two active access keys, not one with a single active key', async () => {
    await aws.iam.send(new CreateUserCommand({ UserName: 'erin' }));
    await aws.iam.send(new CreateUserCommand({ UserName: 'frank' }));
    for (const UserName of ['erin', 'erin', 'frank'])
      await aws.iam.send(new CreateAccessKeyCommand({ UserName }));
    const check = 'aws_iam_user_two_active_keys';
    expect(found(await aws.scan([check]), check)).toEqual([userArn('erin')]);
  });

  it('finds credentials unused for 90 days: a password never used since the user was made', async () => {
    await aws.iam.send(new CreateUserCommand({ UserName: 'carol' }));
    await aws.iam.send(
      new CreateLoginProfileCommand({ UserName: 'carol', Password: 'Correct-Horse-1' }),
    );
    const check = 'aws_iam_credentials_unused';
    expect(found(await aws.scan([check]), check)).not.toContain(userArn('carol'));
    const later = await aws.scan([check], { now: inDays(91) });
    expect(later.findings.find((f) => f.resourceId === userArn('carol'))?.evidence.unused).toEqual([
      'password',
    ]);
  });

  it('finds inline user policies until they are removed', async () => {
    await aws.iam.send(new CreateUserCommand({ UserName: 'dave' }));
    await aws.iam.send(
      new PutUserPolicyCommand({
        UserName: 'dave',
        PolicyName: 'adhoc',
        PolicyDocument: policy('s3:GetObject', '*'),
      }),
    );
    const check = 'aws_iam_user_inline_policy';
    expect(found(await aws.scan([check]), check)).toEqual([userArn('dave')]);
    await aws.iam.send(new DeleteUserPolicyCommand({ UserName: 'dave', PolicyName: 'adhoc' }));
    expect(found(await aws.scan([check]), check)).toEqual([]);
  });
});

describe('IAM policies and the account', () => {
  it('finds a customer policy granting *:* until its default version is narrowed', async () => {
    const created = await aws.iam.send(
      new CreatePolicyCommand({ PolicyName: 'god-mode', PolicyDocument: policy('*', '*') }),
    );
    await aws.iam.send(
      new CreatePolicyCommand({ PolicyName: 'reader', PolicyDocument: policy('s3:Get*', '*') }),
    );
    const check = 'aws_iam_policy_admin';
    expect(found(await aws.scan([check]), check)).toEqual([created.Policy?.Arn]);
    await aws.iam.send(
      new CreatePolicyVersionCommand({
        PolicyArn: created.Policy?.Arn,
        PolicyDocument: policy('ec2:Describe*', '*'),
        SetAsDefault: true,
      }),
    );
    expect(found(await aws.scan([check]), check)).toEqual([]);
  });

  it('finds a missing, then a weak password policy, and none once it meets CIS', async () => {
    const check = 'aws_iam_password_policy_weak';
    const missing = await aws.scan([check]);
    expect(missing.findings[0]?.detail).toContain('no password policy');
    await aws.iam.send(
      new UpdateAccountPasswordPolicyCommand({ MinimumPasswordLength: 8, RequireNumbers: true }),
    );
    const weak = await aws.scan([check]);
    expect(weak.findings[0]?.evidence.gaps).toContain('minimum length 8 < 14');
    await aws.iam.send(
      new UpdateAccountPasswordPolicyCommand({
        MinimumPasswordLength: 14,
        RequireSymbols: true,
        RequireNumbers: true,
        RequireUppercaseCharacters: true,
        RequireLowercaseCharacters: true,
        PasswordReusePrevention: 24,
      }),
    );
    expect((await aws.scan([check])).findings).toEqual([]);
  });

  it('reads the root user from the account summary: moto has no root MFA and no root keys', async () => {
    const result = await aws.scan(['aws_iam_root_mfa_off', 'aws_iam_root_access_keys']);
    expect(result.findings.map((f) => [f.checkId, f.resourceId])).toEqual([
      ['aws_iam_root_mfa_off', `arn:aws:iam::${ACCOUNT}:root`],
    ]);
    expect(result.calls.map((c) => c.operation)).toContain('GetAccountSummary');
  });
});
