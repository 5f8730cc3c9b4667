// RDS resilience and hygiene against real moto state: an instance with every setting weak beside
// one with every setting sound, and snapshots of each.
import { CreateDBSnapshotCommand } from '@aws-sdk/client-rds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  found,
  type MotoAccount,
  REGION,
  startMotoAccount,
} from '../testing/aws-account.ts';

let aws: MotoAccount;
beforeAll(async () => {
  aws = await startMotoAccount();
});
afterAll(() => aws?.stop());

const ACCOUNT = '123456789012';
const dbArn = (id: string) => `arn:aws:rds:${REGION}:${ACCOUNT}:db:${id}`;

const database = (id: string, sound: boolean) =>
  createDatabase(aws.rds, id, {
    StorageEncrypted: sound,
    BackupRetentionPeriod: sound ? 14 : 1,
    MultiAZ: sound,
    DeletionProtection: sound,
    AutoMinorVersionUpgrade: sound,
  });

describe('RDS resilience', () => {
  const CHECKS = [
    'aws_rds_backup_retention_low',
    'aws_rds_multi_az_off',
    'aws_rds_deletion_protection_off',
    'aws_rds_auto_minor_upgrade_off',
  ];

  it('finds each weak setting on the weak instance and none on the sound one', async () => {
    await database('legacy', false);
    await database('ledger', true);
    const result = await aws.scan(CHECKS);
    for (const check of CHECKS) expect(found(result, check), check).toEqual([dbArn('legacy')]);
    expect(
      result.findings.find((f) => f.checkId === 'aws_rds_backup_retention_low')?.detail,
    ).toContain('1 days, fewer than 7');
  });

  it('finds an unencrypted snapshot, not one of the encrypted instance', async () => {
    for (const id of ['legacy', 'ledger'])
      await aws.rds.send(
        new CreateDBSnapshotCommand({ DBInstanceIdentifier: id, DBSnapshotIdentifier: `${id}-1` }),
      );
    const check = 'aws_rds_snapshot_unencrypted';
    const result = await aws.scan([check]);
    expect(found(result, check)).toEqual([`arn:aws:rds:${REGION}:${ACCOUNT}:snapshot:legacy-1`]);
    expect(result.calls.map((c) => c.operation)).not.toContain('DescribeDBSnapshotAttributes');
  });
});
