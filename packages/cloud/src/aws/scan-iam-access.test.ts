// Administrator access wherever it is granted, against real moto state: principals planted with
// each way of holding it, beside look-alikes that must stay clean; then role trust, managed
// policies on users, the AWS Support role and password expiry.
import {
  AddUserToGroupCommand,
  AttachGroupPolicyCommand,
  AttachRolePolicyCommand,
  AttachUserPolicyCommand,
  CreateGroupCommand,
  CreatePolicyCommand,
  CreateRoleCommand,
  CreateUserCommand,
  PutGroupPolicyCommand,
  PutRolePolicyCommand,
  PutUserPolicyCommand,
  UpdateAccountPasswordPolicyCommand,
} from '@aws-sdk/client-iam';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AWS_CHECKS } from '../catalog/aws.ts';
import { found, type MotoAccount, startMotoAccount } from '../testing/aws-account.ts';

let aws: MotoAccount;
beforeAll(async () => {
  aws = await startMotoAccount({ awsManagedPolicies: true });
});
afterAll(() => aws?.stop());

const ACCOUNT = '123456789012';
const arn = (kind: string, name: string) => `arn:aws:iam::${ACCOUNT}:${kind}/${name}`;
const AWS_POLICY = (name: string) => `arn:aws:iam::aws:policy/${name}`;
const doc = (...Statement: Record<string, unknown>[]) =>
  JSON.stringify({ Version: '2012-10-17', Statement });
const allow = (Action: unknown, Resource: unknown, extra: Record<string, unknown> = {}) => ({
  Effect: 'Allow',
  Action,
  Resource,
  ...extra,
});
const trust = (Principal: unknown, extra: Record<string, unknown> = {}) =>
  doc({ Effect: 'Allow', Principal, Action: 'sts:AssumeRole', ...extra });
const LAMBDA_TRUST = trust({ Service: 'lambda.amazonaws.com' });

const user = (UserName: string) => aws.iam.send(new CreateUserCommand({ UserName }));
const role = (RoleName: string, AssumeRolePolicyDocument = LAMBDA_TRUST) =>
  aws.iam.send(new CreateRoleCommand({ RoleName, AssumeRolePolicyDocument }));
const group = (GroupName: string) => aws.iam.send(new CreateGroupCommand({ GroupName }));
const userInline = (UserName: string, PolicyDocument: string) =>
  aws.iam.send(new PutUserPolicyCommand({ UserName, PolicyName: 'inline', PolicyDocument }));

describe('administrator access', () => {
  it('is critical on every principal that holds it, inline or managed, direct or through a group, and on none of the look-alikes', async () => {
    const god = await aws.iam.send(
      new CreatePolicyCommand({ PolicyName: 'god-mode', PolicyDocument: doc(allow('*', '*')) }),
    );
    const godArn = god.Policy?.Arn as string;
    await aws.iam.send(
      new CreatePolicyCommand({ PolicyName: 'unused-god', PolicyDocument: doc(allow('*:*', '*')) }),
    );
    // Planted: each route to administrator access.
    await user('ua-inline');
    await userInline('ua-inline', doc(allow('*', '*')));
    await user('ua-managed');
    await aws.iam.send(new AttachUserPolicyCommand({ UserName: 'ua-managed', PolicyArn: godArn }));
    await user('ua-aws');
    await aws.iam.send(
      new AttachUserPolicyCommand({
        UserName: 'ua-aws',
        PolicyArn: AWS_POLICY('AdministratorAccess'),
      }),
    );
    await group('admins');
    await aws.iam.send(
      new PutGroupPolicyCommand({
        GroupName: 'admins',
        PolicyName: 'all',
        PolicyDocument: doc(allow(['*:*'], ['*'])),
      }),
    );
    await user('ua-group');
    await aws.iam.send(new AddUserToGroupCommand({ GroupName: 'admins', UserName: 'ua-group' }));
    await group('ops');
    await aws.iam.send(
      new AttachGroupPolicyCommand({
        GroupName: 'ops',
        PolicyArn: AWS_POLICY('AdministratorAccess'),
      }),
    );
    await group('platform');
    await aws.iam.send(new AttachGroupPolicyCommand({ GroupName: 'platform', PolicyArn: godArn }));
    await role('ra-inline');
    await aws.iam.send(
      new PutRolePolicyCommand({
        RoleName: 'ra-inline',
        PolicyName: 'break-glass',
        PolicyDocument: doc(
          allow('*', '*', { Condition: { Bool: { 'aws:MultiFactorAuthPresent': 'true' } } }),
        ),
      }),
    );
    await role('ra-managed');
    await aws.iam.send(new AttachRolePolicyCommand({ RoleName: 'ra-managed', PolicyArn: godArn }));
    await role('ra-aws');
    await aws.iam.send(
      new AttachRolePolicyCommand({
        RoleName: 'ra-aws',
        PolicyArn: AWS_POLICY('AdministratorAccess'),
      }),
    );
    // Look-alikes: broad, but not every action on every resource.
    await user('c-s3');
    await userInline(
      'c-s3',
      doc(allow('s3:*', ['arn:aws:s3:::reports', 'arn:aws:s3:::reports/*'])),
    );
    await user('c-deny');
    await userInline('c-deny', doc({ Effect: 'Deny', Action: '*', Resource: '*' }));
    await user('c-notaction');
    await userInline('c-notaction', doc({ Effect: 'Allow', NotAction: 'iam:*', Resource: '*' }));
    await user('c-service');
    await userInline('c-service', doc(allow('ec2:*', '*')));
    await role('c-resource');
    await aws.iam.send(
      new PutRolePolicyCommand({
        RoleName: 'c-resource',
        PolicyName: 'one-bucket',
        PolicyDocument: doc(allow('*', 'arn:aws:s3:::reports/*')),
      }),
    );
    await group('readers');
    await aws.iam.send(
      new AttachGroupPolicyCommand({
        GroupName: 'readers',
        PolicyArn: AWS_POLICY('ReadOnlyAccess'),
      }),
    );
    await user('c-reader');
    await aws.iam.send(new AddUserToGroupCommand({ GroupName: 'readers', UserName: 'c-reader' }));

    const check = 'aws_iam_admin_access';
    expect(AWS_CHECKS.find((c) => c.id === check)?.severity).toBe('critical');
    const result = await aws.scan([check]);
    expect(found(result, check).sort()).toEqual(
      [
        arn('group', 'admins'),
        arn('group', 'ops'),
        arn('group', 'platform'),
        arn('role', 'ra-aws'),
        arn('role', 'ra-inline'),
        arn('role', 'ra-managed'),
        arn('user', 'ua-aws'),
        arn('user', 'ua-group'),
        arn('user', 'ua-inline'),
        arn('user', 'ua-managed'),
      ].sort(),
    );
    const about = (resource: string) => result.findings.find((f) => f.resourceId === resource);
    expect(about(arn('user', 'ua-inline'))?.detail).toContain('inline policy inline');
    expect(about(arn('user', 'ua-managed'))?.detail).toContain('customer-managed policy god-mode');
    expect(about(arn('role', 'ra-aws'))?.detail).toContain(
      'AWS-managed policy AdministratorAccess',
    );
    expect(about(arn('user', 'ua-group'))?.evidence.sources).toEqual([
      { via: 'inline', policy: 'all', group: 'admins' },
    ]);
    expect(about(arn('role', 'ra-inline'))?.detail).toContain(
      'inline policy break-glass (under a condition)',
    );
  });
});

describe('role trust, users\u2019 managed policies, the support role, password expiry', () => {
  it('finds a role anyone may assume, not one limited by a condition or naming a service', async () => {
    await role('open-door', trust({ AWS: '*' }));
    await role(
      'partner',
      trust({ AWS: '*' }, { Condition: { StringEquals: { 'sts:ExternalId': 'x1' } } }),
    );
    await role('own-account', trust({ AWS: `arn:aws:iam::${ACCOUNT}:root` }));
    const check = 'aws_iam_role_trust_public';
    expect(found(await aws.scan([check]), check)).toEqual([arn('role', 'open-door')]);
  });

  it('finds managed policies attached straight to users, not those through groups', async () => {
    const check = 'aws_iam_user_attached_policies';
    expect(found(await aws.scan([check]), check).sort()).toEqual([
      arn('user', 'ua-aws'),
      arn('user', 'ua-managed'),
    ]);
  });

  it('finds no AWS Support role until a role has AWSSupportAccess', async () => {
    const check = 'aws_iam_support_role_missing';
    expect(found(await aws.scan([check]), check)).toEqual([`arn:aws:iam::${ACCOUNT}:root`]);
    await role('support');
    await aws.iam.send(
      new AttachRolePolicyCommand({
        RoleName: 'support',
        PolicyArn: AWS_POLICY('AWSSupportAccess'),
      }),
    );
    expect(found(await aws.scan([check]), check)).toEqual([]);
  });

  it('finds passwords that never expire or live past 90 days, and none at 90', async () => {
    const check = 'aws_iam_password_policy_no_expiry';
    const none = await aws.scan([check]);
    expect(none.findings[0]?.detail).toContain('no password policy');
    await aws.iam.send(new UpdateAccountPasswordPolicyCommand({ MaxPasswordAge: 180 }));
    expect((await aws.scan([check])).findings[0]?.evidence).toEqual({ maxPasswordAge: 180 });
    await aws.iam.send(new UpdateAccountPasswordPolicyCommand({ MaxPasswordAge: 90 }));
    expect(found(await aws.scan([check]), check)).toEqual([]);
  });
});
