// EBS volumes, snapshots and default encryption, AMIs, and RDS instances and snapshots.
import { type AwsCheck, type Hit, tagsOf } from './check.ts';
import type { AwsInventory, RegionInventory } from './inventory.ts';

/** Hits from each region's inventory. */
const perRegion =
  (hits: (r: RegionInventory, account: string) => Hit[]) =>
  (inv: AwsInventory): Hit[] =>
    inv.regions.flatMap((r) => hits(r, inv.account));

export const STORAGE_CHECKS: AwsCheck[] = [
  {
    id: 'aws_ec2_ebs_snapshot_public',
    evaluate: perRegion((r) =>
      (r.snapshots ?? [])
        .filter((s) => s.public)
        .map(({ snapshot: s }) => ({
          region: r.region,
          resourceId: `arn:aws:ec2:${r.region}::snapshot/${s.SnapshotId}`,
          detail: `EBS snapshot ${s.SnapshotId} of ${s.VolumeId} can be restored by any AWS account.`,
          evidence: {
            snapshotId: s.SnapshotId,
            volumeId: s.VolumeId,
            createVolumePermission: 'all',
          },
          tags: tagsOf(s.Tags),
        })),
    ),
  },
  {
    id: 'aws_ec2_ebs_snapshot_unencrypted',
    evaluate: perRegion((r) =>
      (r.snapshots ?? [])
        .filter((s) => s.snapshot.Encrypted === false)
        .map(({ snapshot: s }) => ({
          region: r.region,
          resourceId: `arn:aws:ec2:${r.region}::snapshot/${s.SnapshotId}`,
          detail: `EBS snapshot ${s.SnapshotId} of ${s.VolumeId} is not encrypted.`,
          evidence: { snapshotId: s.SnapshotId, volumeId: s.VolumeId, encrypted: false },
          tags: tagsOf(s.Tags),
        })),
    ),
  },
  {
    id: 'aws_ec2_ebs_volume_unencrypted',
    evaluate: perRegion((r, account) =>
      (r.volumes ?? [])
        .filter((v) => v.Encrypted === false)
        .map((v) => ({
          region: r.region,
          resourceId: `arn:aws:ec2:${r.region}:${account}:volume/${v.VolumeId}`,
          detail: `EBS volume ${v.VolumeId} (${v.Size} GiB) is not encrypted.`,
          evidence: {
            volumeId: v.VolumeId,
            encrypted: false,
            attachedTo: (v.Attachments ?? []).map((a) => a.InstanceId),
          },
          tags: tagsOf(v.Tags),
        })),
    ),
  },
  {
    id: 'aws_ec2_ebs_default_encryption_off',
    evaluate: perRegion((r, account) =>
      r.ebsEncryptionByDefault === false
        ? [
            {
              region: r.region,
              resourceId: `arn:aws:ec2:${r.region}:${account}`,
              detail: `EBS encryption by default is off in ${r.region}.`,
              evidence: { ebsEncryptionByDefault: false },
            },
          ]
        : [],
    ),
  },
  {
    id: 'aws_ec2_ami_public',
    evaluate: perRegion((r) =>
      (r.images ?? [])
        .filter((i) => i.Public)
        .map((i) => ({
          region: r.region,
          resourceId: `arn:aws:ec2:${r.region}::image/${i.ImageId}`,
          detail: `AMI ${i.ImageId} (${i.Name}) is public.`,
          evidence: { imageId: i.ImageId, name: i.Name, public: true },
          tags: tagsOf(i.Tags),
        })),
    ),
  },
  {
    id: 'aws_rds_instance_public',
    evaluate: perRegion((r) =>
      (r.dbInstances ?? [])
        .filter((d) => d.PubliclyAccessible)
        .map((d) => ({
          region: r.region,
          resourceId: d.DBInstanceArn ?? d.DBInstanceIdentifier ?? '',
          detail: `RDS instance ${d.DBInstanceIdentifier} (${d.Engine}) is publicly accessible at ${d.Endpoint?.Address}:${d.Endpoint?.Port}.`,
          evidence: {
            publiclyAccessible: true,
            endpoint: d.Endpoint?.Address,
            port: d.Endpoint?.Port,
            securityGroups: (d.VpcSecurityGroups ?? []).map((g) => g.VpcSecurityGroupId),
          },
          tags: tagsOf(d.TagList),
          ...(d.Endpoint?.Port ? { exposedPorts: [d.Endpoint.Port] } : {}),
        })),
    ),
  },
  {
    id: 'aws_rds_instance_unencrypted',
    evaluate: perRegion((r) =>
      (r.dbInstances ?? [])
        .filter((d) => d.StorageEncrypted === false)
        .map((d) => ({
          region: r.region,
          resourceId: d.DBInstanceArn ?? d.DBInstanceIdentifier ?? '',
          detail: `RDS instance ${d.DBInstanceIdentifier} stores its data unencrypted.`,
          evidence: { storageEncrypted: false, engine: d.Engine },
          tags: tagsOf(d.TagList),
        })),
    ),
  },
  {
    id: 'aws_rds_snapshot_public',
    evaluate: perRegion((r) =>
      (r.dbSnapshots ?? [])
        .filter((s) => s.public)
        .map(({ snapshot: s }) => ({
          region: r.region,
          resourceId: s.DBSnapshotArn ?? s.DBSnapshotIdentifier ?? '',
          detail: `RDS snapshot ${s.DBSnapshotIdentifier} of ${s.DBInstanceIdentifier} can be restored by any AWS account.`,
          evidence: { snapshot: s.DBSnapshotIdentifier, restore: ['all'] },
          tags: tagsOf(s.TagList),
        })),
    ),
  },
];
