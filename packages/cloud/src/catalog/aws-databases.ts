// AWS database resilience and hygiene checks: RDS backups, Multi-AZ, deletion protection, minor
// version upgrades and snapshot encryption.
import type { CheckMeta } from '../types.ts';
import {
  BACKUP_INTEGRITY,
  ENCRYPTION_AT_REST,
  RESILIENCE,
  VULNERABILITY_MANAGEMENT,
} from './frameworks.ts';

/** Automated backups kept for fewer days than this are a finding (AWS FSBP RDS.11). */
export const RDS_MIN_BACKUP_DAYS = 7;

type Meta = Omit<CheckMeta, 'provider' | 'service' | 'resourceType'>;
const rds = (m: Meta, resourceType = 'rds_instance'): CheckMeta => ({
  provider: 'aws',
  service: 'rds',
  resourceType,
  ...m,
});

export const AWS_DATABASE_CHECKS: CheckMeta[] = [
  rds({
    id: 'aws_rds_backup_retention_low',
    title: `RDS instance keeps automated backups for less than ${RDS_MIN_BACKUP_DAYS} days`,
    severity: 'medium',
    description: `Automated backups are off (retention 0) or kept for fewer than ${RDS_MIN_BACKUP_DAYS} days.`,
    risk: 'Corruption, a bad migration or ransomware noticed after the window cannot be undone.',
    remediation: `Set the backup retention period to ${RDS_MIN_BACKUP_DAYS} days or more.`,
    cli: `aws rds modify-db-instance --db-instance-identifier <id> --backup-retention-period ${RDS_MIN_BACKUP_DAYS} --apply-immediately`,
    frameworks: BACKUP_INTEGRITY,
  }),
  rds({
    id: 'aws_rds_multi_az_off',
    title: 'RDS instance is in a single Availability Zone',
    severity: 'medium',
    description: 'The DB instance has no standby in another Availability Zone (MultiAZ is false).',
    risk: 'An Availability Zone outage or a host failure takes the database down until it is restored.',
    remediation: 'Convert the instance to a Multi-AZ deployment.',
    cli: 'aws rds modify-db-instance --db-instance-identifier <id> --multi-az --apply-immediately',
    frameworks: RESILIENCE,
  }),
  rds({
    id: 'aws_rds_deletion_protection_off',
    title: 'RDS instance has no deletion protection',
    severity: 'medium',
    description: 'The DB instance can be deleted by anyone allowed to call DeleteDBInstance.',
    risk: 'A mistaken or malicious delete removes the database (and, by choice, its final snapshot).',
    remediation: 'Enable deletion protection.',
    cli: 'aws rds modify-db-instance --db-instance-identifier <id> --deletion-protection --apply-immediately',
    frameworks: RESILIENCE,
  }),
  rds({
    id: 'aws_rds_auto_minor_upgrade_off',
    title: 'RDS instance does not take minor engine upgrades',
    severity: 'low',
    description:
      'AutoMinorVersionUpgrade is off: security fixes of the engine wait for a manual upgrade.',
    risk: 'Known engine vulnerabilities stay open until someone schedules the upgrade.',
    remediation: 'Turn on automatic minor version upgrades in the maintenance window.',
    cli: 'aws rds modify-db-instance --db-instance-identifier <id> --auto-minor-version-upgrade --apply-immediately',
    frameworks: VULNERABILITY_MANAGEMENT,
  }),
  rds(
    {
      id: 'aws_rds_snapshot_unencrypted',
      title: 'RDS snapshot is not encrypted',
      severity: 'medium',
      description: 'A manual DB snapshot is stored unencrypted.',
      risk: 'Whoever can copy, share or restore the snapshot reads the data without a key.',
      remediation: 'Copy the snapshot with a KMS key, then delete the unencrypted one.',
      cli: 'aws rds copy-db-snapshot --source-db-snapshot-identifier <snapshot> --target-db-snapshot-identifier <snapshot>-encrypted --kms-key-id <key-id>',
      frameworks: ENCRYPTION_AT_REST,
    },
    'rds_snapshot',
  ),
];
