// The RDS and CloudTrail checks against real moto state.
import {
  CreateTrailCommand,
  StartLoggingCommand,
  UpdateTrailCommand,
} from '@aws-sdk/client-cloudtrail';
import {
  CreateDBSnapshotCommand,
  ModifyDBInstanceCommand,
  ModifyDBSnapshotAttributeCommand,
} from '@aws-sdk/client-rds';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
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

const database = (id: string, encrypted: boolean) =>
  createDatabase(aws.rds, id, { PubliclyAccessible: true, StorageEncrypted: encrypted });

describe('RDS', () => {
  it('finds public and unencrypted instances, and none once the instance is private', async () => {
    await database('orders', false);
    await database('billing', true);
    const checks = ['aws_rds_instance_public', 'aws_rds_instance_unencrypted'];
    const before = await aws.scan(checks);
    expect(found(before, 'aws_rds_instance_public').sort()).toEqual([
      dbArn('billing'),
      dbArn('orders'),
    ]);
    expect(found(before, 'aws_rds_instance_unencrypted')).toEqual([dbArn('orders')]);
    expect(
      before.findings.find((f) => f.checkId === 'aws_rds_instance_public')?.exposedPorts,
    ).toEqual([5432]);
    for (const id of ['orders', 'billing'])
      await aws.rds.send(
        new ModifyDBInstanceCommand({
          DBInstanceIdentifier: id,
          PubliclyAccessible: false,
          ApplyImmediately: true,
        }),
      );
    expect(found(await aws.scan(checks), 'aws_rds_instance_public')).toEqual([]);
  });

  it('finds a snapshot restorable by everyone until "all" is removed', async () => {
    await aws.rds.send(
      new CreateDBSnapshotCommand({
        DBInstanceIdentifier: 'billing',
        DBSnapshotIdentifier: 'billing-1',
      }),
    );
    await aws.rds.send(
      new CreateDBSnapshotCommand({
        DBInstanceIdentifier: 'billing',
        DBSnapshotIdentifier: 'billing-2',
      }),
    );
    const share = (key: 'ValuesToAdd' | 'ValuesToRemove') =>
      aws.rds.send(
        new ModifyDBSnapshotAttributeCommand({
          DBSnapshotIdentifier: 'billing-1',
          AttributeName: 'restore',
          [key]: ['all'],
        }),
      );
    await share('ValuesToAdd');
    const check = 'aws_rds_snapshot_public';
    expect(found(await aws.scan([check]), check)).toEqual([
      `arn:aws:rds:${REGION}:${ACCOUNT}:snapshot:billing-1`,
    ]);
    await share('ValuesToRemove');
    expect(found(await aws.scan([check]), check)).toEqual([]);
  });
});

describe('CloudTrail', () => {
  const checks = [
    'aws_cloudtrail_no_trail',
    'aws_cloudtrail_multi_region_off',
    'aws_cloudtrail_log_validation_off',
  ];
  const trailArn = `arn:aws:cloudtrail:${REGION}:${ACCOUNT}:trail/audit`;

  it('finds no trail, then a single-region trail without validation, and nothing once both are fixed', async () => {
    const none = await aws.scan(checks);
    expect(none.findings.map((f) => f.checkId)).toEqual(['aws_cloudtrail_no_trail']);

    await aws.s3.send(new CreateBucketCommand({ Bucket: 'audit-trail' }));
    await aws.cloudtrail.send(
      new CreateTrailCommand({ Name: 'audit', S3BucketName: 'audit-trail' }),
    );
    const stopped = await aws.scan(checks);
    expect(found(stopped, 'aws_cloudtrail_no_trail')).toHaveLength(1);

    await aws.cloudtrail.send(new StartLoggingCommand({ Name: 'audit' }));
    const logging = await aws.scan(checks);
    expect(logging.findings.map((f) => [f.checkId, f.resourceId])).toEqual([
      ['aws_cloudtrail_multi_region_off', `arn:aws:cloudtrail:${REGION}:${ACCOUNT}:trail`],
      ['aws_cloudtrail_log_validation_off', trailArn],
    ]);

    await aws.cloudtrail.send(
      new UpdateTrailCommand({
        Name: 'audit',
        IsMultiRegionTrail: true,
        EnableLogFileValidation: true,
      }),
    );
    expect((await aws.scan(checks)).findings).toEqual([]);
    // A multi-region trail is seen from another region too, and counts there.
    expect((await aws.scan(checks, { regions: ['eu-west-1'] })).findings).toEqual([]);
  });
});
