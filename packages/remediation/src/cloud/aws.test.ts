// The AWS actions against a real moto_server on 127.0.0.1 (and a fault proxy in front of it for a
// refused call): seen, dry run, applied, verified, rolled back, seen again.
import {
  AuthorizeSecurityGroupIngressCommand,
  CreateNetworkAclCommand,
  CreateNetworkAclEntryCommand,
  type CreateNetworkAclEntryCommandInput,
  DescribeNetworkAclsCommand,
  DescribeSecurityGroupsCommand,
  DescribeVpcsCommand,
} from '@aws-sdk/client-ec2';
import {
  CreateAccessKeyCommand,
  CreateUserCommand,
  ListAccessKeysCommand,
} from '@aws-sdk/client-iam';
import { CreateBucketCommand, GetPublicAccessBlockCommand } from '@aws-sdk/client-s3';
import {
  GetPublicAccessBlockCommand as GetAccountBlock,
  PutPublicAccessBlockCommand as PutAccountBlock,
  S3ControlClient,
} from '@aws-sdk/client-s3-control';
import type { ScanOptions } from '@netguard/cloud';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createGroup,
  type MotoAccount,
  startMotoAccount,
  tcpRule,
} from '../../../cloud/src/testing/aws-account.ts';
import { operation, startFaultProxy } from '../../../cloud/src/testing/fault-proxy.ts';
import { guardDnsLookups } from '../../../cloud/src/testing/network-guard.ts';
import { REMEDIATION_ACTIONS } from '../catalog/index.ts';
import { type CapturedState, RemediationError } from '../execution.ts';
import { changedLines, roundTrip } from './round-trip.ts';
import { applyCloud } from './run.ts';
import type { CloudFinding } from './types.ts';

const ACCOUNT = '123456789012';
const guard = guardDnsLookups();
let aws: MotoAccount;
beforeAll(async () => {
  aws = await startMotoAccount();
});
afterEach(() => expect(guard.lookups).toEqual([]));
afterAll(async () => {
  guard.restore();
  await aws?.stop();
});

const instant: ScanOptions = { sleep: async () => {} };

/** The finding of `checkId` on `resourceId` as a scan reports it. */
async function findingOf(checkId: string, resourceId: string, options: ScanOptions = {}) {
  const result = await aws.scan([checkId], options);
  const f = result.findings.find((x) => x.checkId === checkId && x.resourceId === resourceId);
  if (!f) throw new Error(`no ${checkId} finding on ${resourceId}`);
  return { checkId, resourceId, region: f.region, details: f.evidence } satisfies CloudFinding;
}

/** The group's rules, sources in a stable order (AWS keeps them as a set). */
const rulesOf = async (GroupId: string) =>
  (
    await aws.ec2.send(new DescribeSecurityGroupsCommand({ GroupIds: [GroupId] }))
  ).SecurityGroups?.[0]?.IpPermissions?.map((p) => ({
    ...p,
    IpRanges: p.IpRanges?.sort((a, b) => String(a.CidrIp).localeCompare(String(b.CidrIp))),
  }));

describe('aws-revoke-open-ingress', () => {
  it('revokes only the internet source of the SSH rule, and authorizes it again on rollback', async () => {
    const GroupId = await createGroup(aws.ec2, 'web', {
      ...tcpRule(22),
      IpRanges: [{ CidrIp: '0.0.0.0/0', Description: 'anyone' }, { CidrIp: '203.0.113.0/24' }],
    });
    await aws.ec2.send(
      new AuthorizeSecurityGroupIngressCommand({ GroupId, IpPermissions: [tcpRule(443)] }),
    );
    const resourceId = `arn:aws:ec2:us-east-1:${ACCOUNT}:security-group/${GroupId}`;
    const finding = await findingOf('aws_ec2_sg_open_ssh', resourceId);
    const { dry, applied } = await roundTrip({
      provider: 'aws',
      credentials: aws.credentials,
      actionId: 'aws-revoke-open-ingress',
      finding,
      read: () => rulesOf(GroupId),
    });
    const revoked = { IpProtocol: 'tcp', FromPort: 22, ToPort: 22 };
    expect(dry.apiCalls).toEqual([
      {
        call: 'ec2:RevokeSecurityGroupIngress',
        params: { GroupId, IpPermissions: [{ ...revoked, IpRanges: [{ CidrIp: '0.0.0.0/0' }] }] },
      },
    ]);
    expect(changedLines(dry)).toEqual([
      '-          "CidrIp": "0.0.0.0/0",',
      '-          "Description": "anyone"',
      '-        },',
      '-        {',
    ]);
    expect(dry.diffs[0]?.target).toBe(resourceId);
    expect(dry.log.map((s) => s.step)).toEqual(['ec2:DescribeSecurityGroups']);
    expect(applied.captured.data).toMatchObject({
      region: 'us-east-1',
      groupId: GroupId,
      ipPermissions: [{ ...revoked, IpRanges: [{ CidrIp: '0.0.0.0/0', Description: 'anyone' }] }],
    });
  });

  it("fails with AWS's message when the revoke is refused, and leaves the rule", async () => {
    const GroupId = await createGroup(aws.ec2, 'rdp', tcpRule(3389));
    const resourceId = `arn:aws:ec2:us-east-1:${ACCOUNT}:security-group/${GroupId}`;
    const message = 'You are not authorized to perform this operation.';
    const proxy = await startFaultProxy(aws.moto.endpoint, [
      {
        match: operation('RevokeSecurityGroupIngress'),
        status: 403,
        code: 'UnauthorizedOperation',
        message,
        format: 'ec2',
      },
    ]);
    try {
      const action = REMEDIATION_ACTIONS.find((a) => a.id === 'aws-revoke-open-ingress');
      const stored: CapturedState[] = [];
      const attempt = applyCloud(
        'aws',
        { ...aws.credentials, endpoint: proxy.endpoint },
        action as NonNullable<typeof action>,
        await findingOf('aws_ec2_sg_open_rdp', resourceId),
        { onCaptured: (captured) => void stored.push(captured) },
      );
      const error = await attempt.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RemediationError);
      expect(error).toMatchObject({
        code: 'cloud_call_failed',
        message: `UnauthorizedOperation: ${message}`,
      });
      expect((error as RemediationError).log.map((s) => [s.step, s.ok])).toEqual([
        ['ec2:DescribeSecurityGroups', true],
        ['ec2:RevokeSecurityGroupIngress', false],
      ]);
      expect(proxy.faulted).toEqual(['RevokeSecurityGroupIngress']);
      // The previous state was handed over before the refused call.
      expect(stored[0]?.data).toMatchObject({ ipPermissions: [{ FromPort: 3389 }] });
      expect(await rulesOf(GroupId)).toMatchObject([{ FromPort: 3389 }]);
    } finally {
      await proxy.close();
    }
  });
});

describe('aws-revoke-open-ingress on the newer port checks', () => {
  it('revokes an internet Kafka rule (port 9092) and authorizes it again on rollback', async () => {
    const GroupId = await createGroup(aws.ec2, 'kafka', tcpRule(9092, '::/0'));
    const resourceId = `arn:aws:ec2:us-east-1:${ACCOUNT}:security-group/${GroupId}`;
    const { dry } = await roundTrip({
      provider: 'aws',
      credentials: aws.credentials,
      actionId: 'aws-revoke-open-ingress',
      finding: await findingOf('aws_ec2_sg_open_kafka', resourceId),
      read: () => rulesOf(GroupId),
    });
    expect(dry.apiCalls).toEqual([
      {
        call: 'ec2:RevokeSecurityGroupIngress',
        params: {
          GroupId,
          IpPermissions: [
            { IpProtocol: 'tcp', FromPort: 9092, ToPort: 9092, Ipv6Ranges: [{ CidrIpv6: '::/0' }] },
          ],
        },
      },
    ]);
  });
});

describe('aws-nacl-deny-admin-port', () => {
  /** A network ACL of the default VPC with these inbound entries (and the default deny). */
  async function aclWith(entries: Omit<CreateNetworkAclEntryCommandInput, 'NetworkAclId'>[]) {
    const vpcs = await aws.ec2.send(new DescribeVpcsCommand({}));
    const VpcId = vpcs.Vpcs?.find((v) => v.IsDefault)?.VpcId;
    const created = await aws.ec2.send(new CreateNetworkAclCommand({ VpcId }));
    const NetworkAclId = created.NetworkAcl?.NetworkAclId as string;
    for (const entry of entries)
      await aws.ec2.send(new CreateNetworkAclEntryCommand({ NetworkAclId, ...entry }));
    return NetworkAclId;
  }
  const inboundOf = async (NetworkAclId: string) =>
    (
      await aws.ec2.send(new DescribeNetworkAclsCommand({ NetworkAclIds: [NetworkAclId] }))
    ).NetworkAcls?.[0]?.Entries?.filter((e) => !e.Egress).sort(
      (a, b) => (a.RuleNumber ?? 0) - (b.RuleNumber ?? 0),
    );
  const allow = (RuleNumber: number, from: number, to: number, cidr: string) => ({
    RuleNumber,
    Egress: false,
    Protocol: '6',
    RuleAction: 'allow' as const,
    PortRange: { From: from, To: to },
    ...(cidr.includes(':') ? { Ipv6CidrBlock: cidr } : { CidrBlock: cidr }),
  });

  it('adds a deny for SSH ahead of each family’s allow, keeps HTTPS open, and deletes the denies on rollback', async () => {
    const NetworkAclId = await aclWith([
      allow(100, 22, 22, '0.0.0.0/0'),
      allow(110, 443, 443, '0.0.0.0/0'),
      allow(120, 0, 65535, '::/0'),
      allow(90, 22, 22, '192.0.2.0/24'),
    ]);
    const resourceId = `arn:aws:ec2:us-east-1:${ACCOUNT}:network-acl/${NetworkAclId}`;
    const { dry, applied } = await roundTrip({
      provider: 'aws',
      credentials: aws.credentials,
      actionId: 'aws-nacl-deny-admin-port',
      finding: await findingOf('aws_vpc_nacl_open_ssh', resourceId),
      read: () => inboundOf(NetworkAclId),
    });
    const deny = { NetworkAclId, Egress: false, Protocol: '6', RuleAction: 'deny' };
    const port = { PortRange: { From: 22, To: 22 } };
    expect(dry.apiCalls).toEqual([
      {
        call: 'ec2:CreateNetworkAclEntry',
        params: { ...deny, RuleNumber: 99, ...port, CidrBlock: '0.0.0.0/0' },
      },
      {
        call: 'ec2:CreateNetworkAclEntry',
        params: { ...deny, RuleNumber: 119, ...port, Ipv6CidrBlock: '::/0' },
      },
    ]);
    expect(dry.diffs[0]?.target).toBe(resourceId);
    expect(dry.log.map((s) => s.step)).toEqual(['ec2:DescribeNetworkAcls']);
    expect(applied.captured.data).toMatchObject({
      region: 'us-east-1',
      networkAclId: NetworkAclId,
      ruleNumbers: [99, 119],
    });
  });

  it('while applied: RDP is still found on the same ACL, SSH no longer', async () => {
    const NetworkAclId = await aclWith([allow(100, 0, 65535, '0.0.0.0/0')]);
    const resourceId = `arn:aws:ec2:us-east-1:${ACCOUNT}:network-acl/${NetworkAclId}`;
    const action = REMEDIATION_ACTIONS.find((a) => a.id === 'aws-nacl-deny-admin-port');
    await applyCloud(
      'aws',
      aws.credentials,
      action as NonNullable<typeof action>,
      await findingOf('aws_vpc_nacl_open_ssh', resourceId),
    );
    const after = await aws.scan(['aws_vpc_nacl_open_ssh', 'aws_vpc_nacl_open_rdp']);
    const on = after.findings.filter((f) => f.resourceId === resourceId).map((f) => f.checkId);
    expect(on).toEqual(['aws_vpc_nacl_open_rdp']);
  });

  it('refuses an ACL whose allow is rule 1: no rule number is free ahead of it', async () => {
    const NetworkAclId = await aclWith([allow(1, 3389, 3389, '0.0.0.0/0')]);
    const resourceId = `arn:aws:ec2:us-east-1:${ACCOUNT}:network-acl/${NetworkAclId}`;
    const action = REMEDIATION_ACTIONS.find((a) => a.id === 'aws-nacl-deny-admin-port');
    const before = await inboundOf(NetworkAclId);
    const error = await applyCloud(
      'aws',
      aws.credentials,
      action as NonNullable<typeof action>,
      await findingOf('aws_vpc_nacl_open_rdp', resourceId),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemediationError);
    expect((error as Error).message).toBe(
      `${NetworkAclId} has no free rule number ahead of rule 1: renumber its entries first`,
    );
    expect(await inboundOf(NetworkAclId)).toEqual(before);
  });
});

describe('aws-s3-public-access-block', () => {
  it('blocks public access on a bucket that had no configuration, and deletes it on rollback', async () => {
    const Bucket = 'customer-exports';
    await aws.s3.send(new CreateBucketCommand({ Bucket }));
    const resourceId = `arn:aws:s3:::${Bucket}`;
    const { dry, applied } = await roundTrip({
      provider: 'aws',
      credentials: aws.credentials,
      actionId: 'aws-s3-public-access-block',
      finding: await findingOf('aws_s3_bucket_public_access_block_off', resourceId),
      read: () =>
        aws.s3
          .send(new GetPublicAccessBlockCommand({ Bucket }))
          .then((r) => r.PublicAccessBlockConfiguration)
          .catch((e: Error) => e.name),
    });
    const all = {
      BlockPublicAcls: true,
      IgnorePublicAcls: true,
      BlockPublicPolicy: true,
      RestrictPublicBuckets: true,
    };
    expect(dry.apiCalls).toEqual([
      { call: 's3:PutPublicAccessBlock', params: { Bucket, PublicAccessBlockConfiguration: all } },
    ]);
    expect(changedLines(dry)).toEqual([
      '-  "PublicAccessBlockConfiguration": null',
      '+  "PublicAccessBlockConfiguration": {',
      '+    "BlockPublicAcls": true,',
      '+    "BlockPublicPolicy": true,',
      '+    "IgnorePublicAcls": true,',
      '+    "RestrictPublicBuckets": true',
      '+  }',
    ]);
    expect(applied.captured.data).toMatchObject({ scope: { Bucket }, configuration: null });
  });

  it("turns on the account's settings that were off, and puts the captured ones back", async () => {
    const control = new S3ControlClient({
      region: 'us-east-1',
      credentials: aws.credentials,
      endpointProvider: () => ({ url: new URL(aws.moto.endpoint) }),
    });
    const partial = {
      BlockPublicAcls: true,
      IgnorePublicAcls: true,
      BlockPublicPolicy: false,
      RestrictPublicBuckets: false,
    };
    await control.send(
      new PutAccountBlock({ AccountId: ACCOUNT, PublicAccessBlockConfiguration: partial }),
    );
    const resourceId = `arn:aws:iam::${ACCOUNT}:root`;
    const { dry } = await roundTrip({
      provider: 'aws',
      credentials: aws.credentials,
      actionId: 'aws-s3-public-access-block',
      finding: await findingOf('aws_s3_account_public_access_block_off', resourceId),
      read: () =>
        control
          .send(new GetAccountBlock({ AccountId: ACCOUNT }))
          .then((r) => r.PublicAccessBlockConfiguration),
    });
    expect(dry.apiCalls?.[0]).toMatchObject({
      call: 's3control:PutPublicAccessBlock',
      params: { AccountId: ACCOUNT },
    });
    expect(changedLines(dry)).toEqual([
      '-    "BlockPublicPolicy": false,',
      '+    "BlockPublicPolicy": true,',
      '-    "RestrictPublicBuckets": false',
      '+    "RestrictPublicBuckets": true',
    ]);
    control.destroy();
  });
});

describe('aws-deactivate-old-keys', () => {
  it('sets the 100-day-old key Inactive, and Active again on rollback', async () => {
    await aws.iam.send(new CreateUserCommand({ UserName: 'bob' }));
    const { AccessKey } = await aws.iam.send(new CreateAccessKeyCommand({ UserName: 'bob' }));
    const later = { ...instant, now: () => new Date(Date.now() + 100 * 86_400_000) };
    const resourceId = `arn:aws:iam::${ACCOUNT}:user/bob/access_key_1`;
    const { dry } = await roundTrip({
      provider: 'aws',
      credentials: aws.credentials,
      actionId: 'aws-deactivate-old-keys',
      finding: await findingOf('aws_iam_access_key_old', resourceId, later),
      options: later,
      read: () =>
        aws.iam
          .send(new ListAccessKeysCommand({ UserName: 'bob' }))
          .then((r) => r.AccessKeyMetadata?.map((k) => [k.AccessKeyId, k.Status])),
    });
    expect(dry.apiCalls).toEqual([
      {
        call: 'iam:UpdateAccessKey',
        params: { UserName: 'bob', AccessKeyId: AccessKey?.AccessKeyId, Status: 'Inactive' },
      },
    ]);
    expect(changedLines(dry)).toEqual(['-  "Status": "Active",', '+  "Status": "Inactive",']);
    expect(dry.diffs[0]?.diff).toContain(' "AgeDays": 100');
  });
});
