// Instances (IMDSv2, public addresses), unencrypted snapshots and network ACLs against real moto
// state: each misconfigured resource is found beside a clean look-alike that is not.
import {
  CreateNetworkAclCommand,
  CreateNetworkAclEntryCommand,
  CreateSnapshotCommand,
  CreateSubnetCommand,
  CreateVolumeCommand,
  CreateVpcCommand,
  DescribeNetworkAclsCommand,
  RunInstancesCommand,
} from '@aws-sdk/client-ec2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { found, type MotoAccount, REGION, startMotoAccount } from '../testing/aws-account.ts';

let aws: MotoAccount;
beforeAll(async () => {
  aws = await startMotoAccount();
});
afterAll(() => aws?.stop());

const ACCOUNT = '123456789012';
const arnOf = (kind: string, id: string | undefined) =>
  `arn:aws:ec2:${REGION}:${ACCOUNT}:${kind}/${id}`;

async function launch(options: Record<string, unknown> = {}) {
  const r = await aws.ec2.send(
    new RunInstancesCommand({ ImageId: 'ami-12c6146b', MinCount: 1, MaxCount: 1, ...options }),
  );
  return r.Instances?.[0];
}

describe('EC2 instances', () => {
  it('finds an instance without IMDSv2 tokens, not one that requires them', async () => {
    const v1 = await launch({ MetadataOptions: { HttpTokens: 'optional' } });
    const v2 = await launch({ MetadataOptions: { HttpTokens: 'required' } });
    const check = 'aws_ec2_imdsv2_off';
    const ids = found(await aws.scan([check]), check);
    expect(ids).toContain(arnOf('instance', v1?.InstanceId));
    expect(ids).not.toContain(arnOf('instance', v2?.InstanceId));
  });

  it('finds an instance with a public address, not one in a private subnet', async () => {
    const vpc = await aws.ec2.send(new CreateVpcCommand({ CidrBlock: '10.20.0.0/16' }));
    const subnet = await aws.ec2.send(
      new CreateSubnetCommand({ VpcId: vpc.Vpc?.VpcId, CidrBlock: '10.20.1.0/24' }),
    );
    const exposed = await launch();
    const internal = await launch({ SubnetId: subnet.Subnet?.SubnetId });
    const check = 'aws_ec2_instance_public_ip';
    const result = await aws.scan([check]);
    const mine = result.findings.find(
      (f) => f.resourceId === arnOf('instance', exposed?.InstanceId),
    );
    expect(exposed?.PublicIpAddress).toBeTruthy();
    expect(mine?.publicAddresses).toEqual([exposed?.PublicIpAddress]);
    expect(found(result, check)).not.toContain(arnOf('instance', internal?.InstanceId));
  });
});

describe('EBS snapshots', () => {
  it('finds an unencrypted snapshot, not an encrypted one', async () => {
    const plain = await aws.ec2.send(
      new CreateVolumeCommand({ AvailabilityZone: `${REGION}a`, Size: 8 }),
    );
    const sealed = await aws.ec2.send(
      new CreateVolumeCommand({ AvailabilityZone: `${REGION}a`, Size: 8, Encrypted: true }),
    );
    const a = await aws.ec2.send(new CreateSnapshotCommand({ VolumeId: plain.VolumeId }));
    const b = await aws.ec2.send(new CreateSnapshotCommand({ VolumeId: sealed.VolumeId }));
    const check = 'aws_ec2_ebs_snapshot_unencrypted';
    const result = await aws.scan([check]);
    expect(found(result, check)).toEqual([`arn:aws:ec2:${REGION}::snapshot/${a.SnapshotId}`]);
    expect(found(result, check)).not.toContain(`arn:aws:ec2:${REGION}::snapshot/${b.SnapshotId}`);
    // Only the listing ran: the public-permission reads belong to another check.
    expect(result.calls.map((c) => c.operation)).not.toContain('DescribeSnapshotAttribute');
  });
});

describe('network ACLs', () => {
  const NACL = ['aws_vpc_nacl_open_ssh', 'aws_vpc_nacl_open_rdp', 'aws_vpc_nacl_open_all'];

  it('reads entries in rule order: an allow is found, a deny ahead of it or a narrow source is not', async () => {
    const vpc = await aws.ec2.send(new CreateVpcCommand({ CidrBlock: '10.30.0.0/16' }));
    const VpcId = vpc.Vpc?.VpcId;
    const acl = async (...entries: [number, string, 'allow' | 'deny', string, number?][]) => {
      const made = await aws.ec2.send(new CreateNetworkAclCommand({ VpcId }));
      const NetworkAclId = made.NetworkAcl?.NetworkAclId;
      for (const [RuleNumber, Protocol, RuleAction, CidrBlock, port] of entries)
        await aws.ec2.send(
          new CreateNetworkAclEntryCommand({
            NetworkAclId,
            RuleNumber,
            Protocol,
            RuleAction,
            CidrBlock,
            Egress: false,
            ...(port ? { PortRange: { From: port, To: port } } : {}),
          }),
        );
      return arnOf('network-acl', NetworkAclId);
    };
    const sshOpen = await acl([100, '6', 'allow', '0.0.0.0/0', 22]);
    const sshDenied = await acl(
      [50, '6', 'deny', '0.0.0.0/0', 22],
      [100, '-1', 'allow', '0.0.0.0/0'],
    );
    const sshOffice = await acl([100, '6', 'allow', '198.51.100.0/24', 22]);
    const rdpOpen = await acl(
      [10, '6', 'allow', '0.0.0.0/0', 3389],
      [20, '-1', 'deny', '0.0.0.0/0'],
    );
    const result = await aws.scan(NACL);
    const ssh = found(result, 'aws_vpc_nacl_open_ssh');
    const rdp = found(result, 'aws_vpc_nacl_open_rdp');
    const all = found(result, 'aws_vpc_nacl_open_all');
    expect(ssh).toContain(sshOpen);
    expect(ssh).not.toContain(sshDenied);
    expect(ssh).not.toContain(sshOffice);
    expect(rdp).toContain(rdpOpen);
    expect(rdp).toContain(sshDenied);
    expect(rdp).not.toContain(sshOpen);
    expect(all).toContain(sshDenied);
    expect([sshOpen, sshOffice, rdpOpen].filter((id) => all.includes(id))).toEqual([]);
    // The VPC's default ACL allows everything, as on AWS.
    const defaults = await aws.ec2.send(
      new DescribeNetworkAclsCommand({ Filters: [{ Name: 'default', Values: ['true'] }] }),
    );
    const defaultAcl = defaults.NetworkAcls?.find((a) => a.VpcId === VpcId);
    expect(all).toContain(arnOf('network-acl', defaultAcl?.NetworkAclId));
    expect(result.findings.find((f) => f.resourceId === sshOpen)?.exposedPorts).toEqual([22]);
  });
});
