// Collects one region's EC2 and VPC state: security groups, instances (their public addresses),
// volumes, snapshots, images, EBS default encryption, VPCs, flow logs and network ACLs.
import {
  DescribeFlowLogsCommand,
  DescribeImagesCommand,
  DescribeInstancesCommand,
  DescribeNetworkAclsCommand,
  DescribeSecurityGroupsCommand,
  DescribeSnapshotAttributeCommand,
  DescribeSnapshotsCommand,
  DescribeVolumesCommand,
  DescribeVpcsCommand,
  type EC2Client,
  GetEbsEncryptionByDefaultCommand,
} from '@aws-sdk/client-ec2';
import { AWS_NETWORK_CHECKS } from '../catalog/aws-network.ts';
import {
  type CollectContext,
  collect,
  collectPages,
  mapLimit,
  type SpecOf,
  specsOf,
  wanted,
} from './calling.ts';
import { ec2Client } from './clients.ts';
import type { RegionInventory } from './inventory.ts';

const SG_CHECKS = AWS_NETWORK_CHECKS.filter((c) => c.resourceType === 'ec2_security_group').map(
  (c) => c.id,
);
const NACL_CHECKS = AWS_NETWORK_CHECKS.filter((c) => c.resourceType === 'network_acl').map(
  (c) => c.id,
);
const INSTANCE_CHECKS = [...SG_CHECKS, 'aws_ec2_imdsv2_off', 'aws_ec2_instance_public_ip'];

export async function collectEc2(
  ctx: CollectContext,
  region: string,
): Promise<Partial<RegionInventory>> {
  const ec2 = ec2Client(ctx.target, region);
  const spec = specsOf('ec2', region);
  try {
    const [securityGroups, instances, volumes, images, ebs, vpcs, flowLogs, networkAcls] =
      await Promise.all([
        collectPages(
          ctx,
          spec('DescribeSecurityGroups', SG_CHECKS),
          async (NextToken, abortSignal) => {
            const r = await ec2.send(
              new DescribeSecurityGroupsCommand({ NextToken, MaxResults: 1000 }),
              { abortSignal },
            );
            return { items: r.SecurityGroups, next: r.NextToken };
          },
        ),
        collectPages(
          ctx,
          spec('DescribeInstances', INSTANCE_CHECKS),
          async (NextToken, abortSignal) => {
            const r = await ec2.send(
              new DescribeInstancesCommand({ NextToken, MaxResults: 1000 }),
              {
                abortSignal,
              },
            );
            return {
              items: (r.Reservations ?? []).flatMap((x) => x.Instances ?? []),
              next: r.NextToken,
            };
          },
        ),
        collectPages(
          ctx,
          spec('DescribeVolumes', ['aws_ec2_ebs_volume_unencrypted']),
          async (NextToken, abortSignal) => {
            const r = await ec2.send(new DescribeVolumesCommand({ NextToken, MaxResults: 500 }), {
              abortSignal,
            });
            return { items: r.Volumes, next: r.NextToken };
          },
        ),
        collect(ctx, spec('DescribeImages', ['aws_ec2_ami_public']), async (abortSignal) => {
          const r = await ec2.send(new DescribeImagesCommand({ Owners: ['self'] }), {
            abortSignal,
          });
          return r.Images ?? [];
        }),
        collect(
          ctx,
          spec('GetEbsEncryptionByDefault', ['aws_ec2_ebs_default_encryption_off']),
          async (abortSignal) => {
            const r = await ec2.send(new GetEbsEncryptionByDefaultCommand({}), { abortSignal });
            return r.EbsEncryptionByDefault ?? false;
          },
        ),
        collectPages(
          ctx,
          spec('DescribeVpcs', ['aws_vpc_flow_logs_off']),
          async (NextToken, abortSignal) => {
            const r = await ec2.send(new DescribeVpcsCommand({ NextToken, MaxResults: 1000 }), {
              abortSignal,
            });
            return { items: r.Vpcs, next: r.NextToken };
          },
        ),
        collectPages(
          ctx,
          spec('DescribeFlowLogs', ['aws_vpc_flow_logs_off']),
          async (NextToken, abortSignal) => {
            const r = await ec2.send(new DescribeFlowLogsCommand({ NextToken, MaxResults: 1000 }), {
              abortSignal,
            });
            return { items: r.FlowLogs, next: r.NextToken };
          },
        ),
        collectPages(
          ctx,
          spec('DescribeNetworkAcls', NACL_CHECKS),
          async (NextToken, abortSignal) => {
            const r = await ec2.send(
              new DescribeNetworkAclsCommand({ NextToken, MaxResults: 1000 }),
              {
                abortSignal,
              },
            );
            return { items: r.NetworkAcls, next: r.NextToken };
          },
        ),
      ]);
    const snapshots = await collectSnapshots(ctx, ec2, spec);
    return {
      securityGroups,
      instances,
      volumes,
      images,
      ebsEncryptionByDefault: ebs,
      vpcs,
      flowLogs,
      networkAcls,
      snapshots,
    };
  } finally {
    ec2.destroy();
  }
}

/** The account's own snapshots, each with its create-volume permission read. */
async function collectSnapshots(
  ctx: CollectContext,
  ec2: EC2Client,
  spec: SpecOf,
): Promise<RegionInventory['snapshots']> {
  const checks = ['aws_ec2_ebs_snapshot_public'];
  const listChecks = [...checks, 'aws_ec2_ebs_snapshot_unencrypted'];
  if (!wanted(ctx, listChecks).length) return undefined;
  const owned = await collectPages(
    ctx,
    spec('DescribeSnapshots', listChecks),
    async (NextToken, abortSignal) => {
      const r = await ec2.send(
        new DescribeSnapshotsCommand({
          OwnerIds: ['self'],
          Filters: [{ Name: 'owner-id', Values: [ctx.account] }],
          NextToken,
          MaxResults: 1000,
        }),
        { abortSignal },
      );
      return { items: r.Snapshots, next: r.NextToken };
    },
  );
  if (!owned) return undefined;
  return mapLimit(owned, ctx.concurrency, async (snapshot) => {
    const permissions = await collect(
      ctx,
      spec('DescribeSnapshotAttribute', checks),
      async (abortSignal) => {
        const r = await ec2.send(
          new DescribeSnapshotAttributeCommand({
            SnapshotId: snapshot.SnapshotId,
            Attribute: 'createVolumePermission',
          }),
          { abortSignal },
        );
        return r.CreateVolumePermissions ?? [];
      },
    );
    return { snapshot, public: permissions?.some((p) => p.Group === 'all') };
  });
}
