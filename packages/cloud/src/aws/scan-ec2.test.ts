// The EC2 and VPC checks against real moto state: each finding appears on the misconfigured
// resource and goes away once it is fixed.
import {
  CreateFlowLogsCommand,
  CreateImageCommand,
  CreateSnapshotCommand,
  CreateVolumeCommand,
  DescribeSecurityGroupsCommand,
  DescribeVpcsCommand,
  EnableEbsEncryptionByDefaultCommand,
  type IpPermission,
  ModifyImageAttributeCommand,
  ModifySnapshotAttributeCommand,
  RevokeSecurityGroupEgressCommand,
  RevokeSecurityGroupIngressCommand,
  RunInstancesCommand,
} from '@aws-sdk/client-ec2';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPOSED_SERVICES, sgPortCheckId } from '../catalog/aws-network.ts';
import {
  createGroup,
  found,
  type MotoAccount,
  REGION,
  startMotoAccount,
  tcpRule,
} from '../testing/aws-account.ts';

let aws: MotoAccount;
beforeAll(async () => {
  aws = await startMotoAccount();
});
afterAll(() => aws?.stop());

const ACCOUNT = '123456789012';
const sgArn = (id: string) => `arn:aws:ec2:${REGION}:${ACCOUNT}:security-group/${id}`;

const groupWith = (name: string, rule: IpPermission) => createGroup(aws.ec2, name, rule);

describe('security groups open to the internet', () => {
  const SG_CHECKS = [...EXPOSED_SERVICES.map(sgPortCheckId), 'aws_ec2_sg_open_all'];

  it('finds each service port open to 0.0.0.0/0 or ::/0 and all-protocol rules, and forgets them once revoked', async () => {
    const open = await Promise.all(
      EXPOSED_SERVICES.map(async (s, i) => {
        const rule = tcpRule(s.port, i % 2 ? '::/0' : '0.0.0.0/0');
        return { s, rule, id: await groupWith(`open-${s.key}`, rule) };
      }),
    );
    const allRule: IpPermission = { IpProtocol: '-1', IpRanges: [{ CidrIp: '0.0.0.0/0' }] };
    const all = await groupWith('open-all', allRule);
    const internal = await groupWith('internal-ssh', tcpRule(22, '10.0.0.0/8'));

    const before = await aws.scan(SG_CHECKS);
    for (const { s, id } of open) expect(found(before, sgPortCheckId(s))).toContain(sgArn(id));
    expect(found(before, 'aws_ec2_sg_open_all')).toEqual([sgArn(all)]);
    // An all-protocol rule opens SSH too; a private source opens nothing.
    expect(found(before, 'aws_ec2_sg_open_ssh')).toContain(sgArn(all));
    expect(before.findings.map((f) => f.resourceId)).not.toContain(sgArn(internal));
    const ssh = before.findings.find((f) => f.resourceId === sgArn(open[0]?.id ?? ''));
    expect(ssh).toMatchObject({
      exposedPorts: [22],
      resourceType: 'ec2_security_group',
      region: REGION,
    });
    expect(ssh?.detail).toContain('port 22 from the internet');

    for (const { id, rule } of open)
      await aws.ec2.send(
        new RevokeSecurityGroupIngressCommand({ GroupId: id, IpPermissions: [rule] }),
      );
    await aws.ec2.send(
      new RevokeSecurityGroupIngressCommand({ GroupId: all, IpPermissions: [allRule] }),
    );
    const after = await aws.scan(SG_CHECKS);
    expect(after.findings).toEqual([]);
    expect(after.status).toBe('passed');
  });

  it('reports the public addresses of instances behind an open group as exposure', async () => {
    const group = await groupWith('web-ssh', tcpRule(22, '0.0.0.0/0'));
    const run = await aws.ec2.send(
      new RunInstancesCommand({
        ImageId: 'ami-12c6146b',
        MinCount: 1,
        MaxCount: 1,
        SecurityGroupIds: [group],
      }),
    );
    const instance = run.Instances?.[0];
    const result = await aws.scan(['aws_ec2_sg_open_ssh']);
    const finding = result.findings.find((f) => f.resourceId === sgArn(group));
    expect(instance?.PublicIpAddress).toBeTruthy();
    expect(finding?.publicAddresses).toEqual([instance?.PublicIpAddress]);
    expect(finding?.exposedPorts).toEqual([22]);
  });
});

describe('the default security group', () => {
  it('is a finding while it has rules and passes once they are removed', async () => {
    const { SecurityGroups = [] } = await aws.ec2.send(
      new DescribeSecurityGroupsCommand({ Filters: [{ Name: 'group-name', Values: ['default'] }] }),
    );
    const before = await aws.scan(['aws_ec2_default_sg_allows_traffic']);
    expect(found(before, 'aws_ec2_default_sg_allows_traffic').sort()).toEqual(
      SecurityGroups.map((g) => sgArn(g.GroupId ?? '')).sort(),
    );
    for (const g of SecurityGroups) {
      if (g.IpPermissions?.length)
        await aws.ec2.send(
          new RevokeSecurityGroupIngressCommand({
            GroupId: g.GroupId,
            IpPermissions: g.IpPermissions,
          }),
        );
      if (g.IpPermissionsEgress?.length)
        await aws.ec2.send(
          new RevokeSecurityGroupEgressCommand({
            GroupId: g.GroupId,
            IpPermissions: g.IpPermissionsEgress,
          }),
        );
    }
    expect((await aws.scan(['aws_ec2_default_sg_allows_traffic'])).findings).toEqual([]);
  });
});

describe('EBS, AMIs and flow logs', () => {
  it('finds unencrypted volumes, public snapshots and public AMIs, and forgets them once fixed', async () => {
    const plain = await aws.ec2.send(
      new CreateVolumeCommand({ AvailabilityZone: `${REGION}a`, Size: 8 }),
    );
    const sealed = await aws.ec2.send(
      new CreateVolumeCommand({ AvailabilityZone: `${REGION}a`, Size: 8, Encrypted: true }),
    );
    const snap = await aws.ec2.send(new CreateSnapshotCommand({ VolumeId: sealed.VolumeId }));
    const share = (operation: 'add' | 'remove') =>
      aws.ec2.send(
        new ModifySnapshotAttributeCommand({
          SnapshotId: snap.SnapshotId,
          Attribute: 'createVolumePermission',
          OperationType: operation,
          GroupNames: ['all'],
        }),
      );
    await share('add');
    const run = await aws.ec2.send(
      new RunInstancesCommand({ ImageId: 'ami-12c6146b', MinCount: 1, MaxCount: 1 }),
    );
    const image = await aws.ec2.send(
      new CreateImageCommand({ InstanceId: run.Instances?.[0]?.InstanceId, Name: 'golden' }),
    );
    const publish = (key: 'Add' | 'Remove') =>
      aws.ec2.send(
        new ModifyImageAttributeCommand({
          ImageId: image.ImageId,
          LaunchPermission: { [key]: [{ Group: 'all' }] },
        }),
      );
    await publish('Add');
    const checks = [
      'aws_ec2_ebs_volume_unencrypted',
      'aws_ec2_ebs_snapshot_public',
      'aws_ec2_ami_public',
    ];

    const before = await aws.scan(checks);
    const volumes = found(before, 'aws_ec2_ebs_volume_unencrypted');
    expect(volumes).toContain(`arn:aws:ec2:${REGION}:${ACCOUNT}:volume/${plain.VolumeId}`);
    expect(volumes).not.toContain(`arn:aws:ec2:${REGION}:${ACCOUNT}:volume/${sealed.VolumeId}`);
    expect(found(before, 'aws_ec2_ebs_snapshot_public')).toEqual([
      `arn:aws:ec2:${REGION}::snapshot/${snap.SnapshotId}`,
    ]);
    expect(found(before, 'aws_ec2_ami_public')).toEqual([
      `arn:aws:ec2:${REGION}::image/${image.ImageId}`,
    ]);

    await share('remove');
    await publish('Remove');
    const after = await aws.scan(checks);
    expect(found(after, 'aws_ec2_ebs_snapshot_public')).toEqual([]);
    expect(found(after, 'aws_ec2_ami_public')).toEqual([]);
  });

  it('finds EBS default encryption off per region until it is enabled', async () => {
    const region = `arn:aws:ec2:${REGION}:${ACCOUNT}`;
    expect(
      found(
        await aws.scan(['aws_ec2_ebs_default_encryption_off']),
        'aws_ec2_ebs_default_encryption_off',
      ),
    ).toEqual([region]);
    await aws.ec2.send(new EnableEbsEncryptionByDefaultCommand({}));
    expect((await aws.scan(['aws_ec2_ebs_default_encryption_off'])).findings).toEqual([]);
  });

  it('finds VPCs without flow logs until one logs', async () => {
    const { Vpcs = [] } = await aws.ec2.send(new DescribeVpcsCommand({}));
    const before = await aws.scan(['aws_vpc_flow_logs_off']);
    expect(found(before, 'aws_vpc_flow_logs_off').sort()).toEqual(
      Vpcs.map((v) => `arn:aws:ec2:${REGION}:${ACCOUNT}:vpc/${v.VpcId}`).sort(),
    );
    await aws.s3.send(new CreateBucketCommand({ Bucket: 'flow-logs' }));
    await aws.ec2.send(
      new CreateFlowLogsCommand({
        ResourceType: 'VPC',
        ResourceIds: Vpcs.map((v) => v.VpcId as string),
        TrafficType: 'ALL',
        LogDestinationType: 's3',
        LogDestination: 'arn:aws:s3:::flow-logs',
      }),
    );
    expect((await aws.scan(['aws_vpc_flow_logs_off'])).findings).toEqual([]);
  });
});
