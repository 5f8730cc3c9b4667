// RDS instances' resilience and hygiene (backups, Multi-AZ, deletion protection, minor upgrades)
// and unencrypted manual snapshots.
import type { DBInstance } from '@aws-sdk/client-rds';
import { RDS_MIN_BACKUP_DAYS } from '../catalog/aws-databases.ts';
import { type AwsCheck, type Hit, tagsOf } from './check.ts';
import type { AwsInventory } from './inventory.ts';

const instanceHits =
  (fails: (d: DBInstance) => Pick<Hit, 'detail' | 'evidence'> | undefined) =>
  (inv: AwsInventory): Hit[] =>
    inv.regions.flatMap((r) =>
      (r.dbInstances ?? []).flatMap((d) => {
        const failed = fails(d);
        return failed
          ? [
              {
                region: r.region,
                resourceId: d.DBInstanceArn ?? d.DBInstanceIdentifier ?? '',
                tags: tagsOf(d.TagList),
                ...failed,
              },
            ]
          : [];
      }),
    );

/** A hit for each instance whose boolean setting is explicitly off. */
const settingOff = (
  key: 'MultiAZ' | 'DeletionProtection' | 'AutoMinorVersionUpgrade',
  what: string,
) =>
  instanceHits((d) =>
    d[key] === false
      ? {
          detail: `RDS instance ${d.DBInstanceIdentifier} has ${what} off.`,
          evidence: { [key]: false, engine: d.Engine },
        }
      : undefined,
  );

export const RDS_CHECKS: AwsCheck[] = [
  {
    id: 'aws_rds_backup_retention_low',
    evaluate: instanceHits((d) => {
      const days = d.BackupRetentionPeriod;
      if (days === undefined || days >= RDS_MIN_BACKUP_DAYS) return undefined;
      return {
        detail: days
          ? `RDS instance ${d.DBInstanceIdentifier} keeps automated backups for ${days} days, fewer than ${RDS_MIN_BACKUP_DAYS}.`
          : `RDS instance ${d.DBInstanceIdentifier} has automated backups off.`,
        evidence: { backupRetentionPeriod: days },
      };
    }),
  },
  { id: 'aws_rds_multi_az_off', evaluate: settingOff('MultiAZ', 'Multi-AZ') },
  {
    id: 'aws_rds_deletion_protection_off',
    evaluate: settingOff('DeletionProtection', 'deletion protection'),
  },
  {
    id: 'aws_rds_auto_minor_upgrade_off',
    evaluate: settingOff('AutoMinorVersionUpgrade', 'automatic minor version upgrades'),
  },
  {
    id: 'aws_rds_snapshot_unencrypted',
    evaluate: (inv) =>
      inv.regions.flatMap((r) =>
        (r.dbSnapshots ?? [])
          .filter(({ snapshot: s }) => s.Encrypted === false)
          .map(({ snapshot: s }) => ({
            region: r.region,
            resourceId: s.DBSnapshotArn ?? s.DBSnapshotIdentifier ?? '',
            detail: `RDS snapshot ${s.DBSnapshotIdentifier} of ${s.DBInstanceIdentifier} is not encrypted.`,
            evidence: { snapshot: s.DBSnapshotIdentifier, encrypted: false },
            tags: tagsOf(s.TagList),
          })),
      ),
  },
];
