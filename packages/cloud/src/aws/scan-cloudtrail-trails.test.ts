// Per-trail CloudTrail settings against real moto state: KMS encryption and CloudWatch Logs, on a
// bare trail beside one that has both.
import { CreateTrailCommand } from '@aws-sdk/client-cloudtrail';
import { CreateBucketCommand, PutBucketAclCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { found, type MotoAccount, REGION, startMotoAccount } from '../testing/aws-account.ts';

let aws: MotoAccount;
beforeAll(async () => {
  aws = await startMotoAccount();
});
afterAll(() => aws?.stop());

const ACCOUNT = '123456789012';
const trailArn = (name: string) => `arn:aws:cloudtrail:${REGION}:${ACCOUNT}:trail/${name}`;

describe('CloudTrail trails', () => {
  it('finds a trail without a KMS key or CloudWatch Logs, not one with both', async () => {
    await aws.s3.send(new CreateBucketCommand({ Bucket: 'trail-logs' }));
    await aws.cloudtrail.send(new CreateTrailCommand({ Name: 'bare', S3BucketName: 'trail-logs' }));
    await aws.cloudtrail.send(
      new CreateTrailCommand({
        Name: 'watched',
        S3BucketName: 'trail-logs',
        KmsKeyId: `arn:aws:kms:${REGION}:${ACCOUNT}:key/0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0`,
        CloudWatchLogsLogGroupArn: `arn:aws:logs:${REGION}:${ACCOUNT}:log-group:trail:*`,
        CloudWatchLogsRoleArn: `arn:aws:iam::${ACCOUNT}:role/trail-to-logs`,
      }),
    );
    const checks = ['aws_cloudtrail_kms_off', 'aws_cloudtrail_cloudwatch_off'];
    const result = await aws.scan(checks);
    for (const check of checks) expect(found(result, check), check).toEqual([trailArn('bare')]);
  });
});

describe('CloudTrail log buckets', () => {
  it('finds a trail writing to a public bucket, not one writing to a private bucket', async () => {
    await aws.s3.send(new CreateBucketCommand({ Bucket: 'open-logs' }));
    await aws.s3.send(new PutBucketAclCommand({ Bucket: 'open-logs', ACL: 'public-read' }));
    await aws.s3.send(new CreateBucketCommand({ Bucket: 'closed-logs' }));
    await aws.cloudtrail.send(new CreateTrailCommand({ Name: 'leaky', S3BucketName: 'open-logs' }));
    await aws.cloudtrail.send(
      new CreateTrailCommand({ Name: 'sealed', S3BucketName: 'closed-logs' }),
    );
    const check = 'aws_cloudtrail_bucket_public';
    const result = await aws.scan([check]);
    expect(found(result, check)).toEqual([trailArn('leaky')]);
    expect(result.findings[0]?.detail).toContain('open-logs');
  });
});
