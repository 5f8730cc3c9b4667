// The S3 checks against real moto state: account and bucket Block Public Access, public policies
// and ACLs, default encryption, versioning and access logging; each fixed, each finding gone.

import {
  CreateBucketCommand,
  PutBucketAclCommand,
  PutBucketEncryptionCommand,
  PutBucketLoggingCommand,
  PutBucketPolicyCommand,
  PutBucketTaggingCommand,
  PutBucketVersioningCommand,
  PutPublicAccessBlockCommand,
} from '@aws-sdk/client-s3';
import {
  PutPublicAccessBlockCommand as PutAccountBlock,
  S3ControlClient,
} from '@aws-sdk/client-s3-control';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AWS_STORAGE_CHECKS } from '../catalog/aws-storage.ts';
import { found, type MotoAccount, startMotoAccount } from '../testing/aws-account.ts';
import { awsSecurityScan } from './security-scan.ts';

let aws: MotoAccount;
beforeAll(async () => {
  aws = await startMotoAccount();
});
afterAll(() => aws?.stop());

const ACCOUNT = '123456789012';
const BLOCK_ALL = {
  BlockPublicAcls: true,
  IgnorePublicAcls: true,
  BlockPublicPolicy: true,
  RestrictPublicBuckets: true,
};
const BUCKET_CHECKS = AWS_STORAGE_CHECKS.filter((c) => c.resourceType === 's3_bucket').map(
  (c) => c.id,
);
const arn = (bucket: string) => `arn:aws:s3:::${bucket}`;
const publicRead = (bucket: string) =>
  JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Allow', Principal: '*', Action: 's3:GetObject', Resource: `${arn(bucket)}/*` },
    ],
  });

const denyHttp = (bucket: string) =>
  JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Deny',
        Principal: '*',
        Action: 's3:*',
        Resource: [arn(bucket), `${arn(bucket)}/*`],
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      },
    ],
  });

describe('S3 buckets', () => {
  it('finds each misconfiguration on the bucket that has it and none once it is fixed', async () => {
    const bucket = 'customer-exports';
    await aws.s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await aws.s3.send(new PutBucketPolicyCommand({ Bucket: bucket, Policy: publicRead(bucket) }));
    await aws.s3.send(new PutBucketAclCommand({ Bucket: bucket, ACL: 'public-read' }));
    await aws.s3.send(
      new PutBucketTaggingCommand({
        Bucket: bucket,
        Tagging: { TagSet: [{ Key: 'team', Value: 'data' }] },
      }),
    );

    const before = await aws.scan(BUCKET_CHECKS);
    for (const id of BUCKET_CHECKS) expect(found(before, id), id).toEqual([arn(bucket)]);
    const policy = before.findings.find((f) => f.checkId === 'aws_s3_bucket_policy_public');
    expect(policy?.detail).toContain('s3:GetObject');
    expect(policy?.tags).toEqual({ team: 'data' });
    expect(before.findings.find((f) => f.checkId === 'aws_s3_bucket_acl_public')?.detail).toContain(
      'READ to AllUsers',
    );

    await aws.s3.send(new CreateBucketCommand({ Bucket: 'access-logs' }));
    const logDelivery = 'uri=http://acs.amazonaws.com/groups/s3/LogDelivery';
    await aws.s3.send(
      new PutBucketAclCommand({
        Bucket: 'access-logs',
        GrantWrite: logDelivery,
        GrantReadACP: logDelivery,
      }),
    );
    await aws.s3.send(new PutBucketPolicyCommand({ Bucket: bucket, Policy: denyHttp(bucket) }));
    await aws.s3.send(new PutBucketAclCommand({ Bucket: bucket, ACL: 'private' }));
    await aws.s3.send(
      new PutPublicAccessBlockCommand({
        Bucket: bucket,
        PublicAccessBlockConfiguration: BLOCK_ALL,
      }),
    );
    await aws.s3.send(
      new PutBucketEncryptionCommand({
        Bucket: bucket,
        ServerSideEncryptionConfiguration: {
          Rules: [{ ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
      }),
    );
    await aws.s3.send(
      new PutBucketVersioningCommand({
        Bucket: bucket,
        VersioningConfiguration: { Status: 'Enabled' },
      }),
    );
    await aws.s3.send(
      new PutBucketLoggingCommand({
        Bucket: bucket,
        BucketLoggingStatus: {
          LoggingEnabled: { TargetBucket: 'access-logs', TargetPrefix: `${bucket}/` },
        },
      }),
    );
    const after = await aws.scan(BUCKET_CHECKS);
    expect(after.findings.filter((f) => f.resourceId === arn(bucket))).toEqual([]);
    expect(after.gaps).toEqual([]);
  });

  it('keeps a policy that allows everyone only under a condition', async () => {
    const bucket = 'vpc-only';
    await aws.s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const statement = JSON.parse(publicRead(bucket));
    statement.Statement[0].Condition = { StringEquals: { 'aws:SourceVpce': 'vpce-1a2b3c4d' } };
    await aws.s3.send(
      new PutBucketPolicyCommand({ Bucket: bucket, Policy: JSON.stringify(statement) }),
    );
    expect(
      found(await aws.scan(['aws_s3_bucket_policy_public']), 'aws_s3_bucket_policy_public'),
    ).not.toContain(arn(bucket));
  });
});

describe('the account', () => {
  it('finds account-level Block Public Access off until all four settings are on', async () => {
    const check = 'aws_s3_account_public_access_block_off';
    const root = `arn:aws:iam::${ACCOUNT}:root`;
    expect(found(await aws.scan([check]), check)).toEqual([root]);
    const control = new S3ControlClient({
      region: 'us-east-1',
      credentials: aws.credentials,
      endpointProvider: () => ({ url: new URL(aws.moto.endpoint) }),
    });
    const put = (config: typeof BLOCK_ALL) =>
      control.send(
        new PutAccountBlock({ AccountId: ACCOUNT, PublicAccessBlockConfiguration: config }),
      );
    await put({ ...BLOCK_ALL, RestrictPublicBuckets: false });
    const partly = await aws.scan([check]);
    expect(partly.findings[0]?.detail).toContain('RestrictPublicBuckets');
    await put(BLOCK_ALL);
    expect((await aws.scan([check])).findings).toEqual([]);
    control.destroy();
  });
});

describe("the spec's aws-security-scan", () => {
  it('runs only the S3 calls for bucket_permissions, and refuses a scan type of another service', async () => {
    const [result] = await awsSecurityScan(
      aws.credentials,
      { service: 's3', scanType: 'bucket_permissions' },
      { sleep: async () => {} },
    );
    expect(new Set(result?.calls.map((c) => c.service))).toEqual(
      new Set(['sts', 's3', 's3control']),
    );
    expect(result?.checksRun.every((id) => id.startsWith('aws_s3_'))).toBe(true);
    expect(() =>
      awsSecurityScan(aws.credentials, { service: 'iam', scanType: 'security_groups' }),
    ).toThrow(RangeError);
  });
});

describe('TLS in bucket policies', () => {
  it('finds buckets whose policy does not deny plain HTTP, not one that does', async () => {
    const check = 'aws_s3_bucket_no_tls_policy';
    for (const Bucket of ['tls-none', 'tls-other', 'tls-required'])
      await aws.s3.send(new CreateBucketCommand({ Bucket }));
    await aws.s3.send(
      new PutBucketPolicyCommand({
        Bucket: 'tls-other',
        Policy: denyHttp('tls-other').replace('"false"', '"true"').replace('Deny', 'Allow'),
      }),
    );
    await aws.s3.send(
      new PutBucketPolicyCommand({ Bucket: 'tls-required', Policy: denyHttp('tls-required') }),
    );
    const ids = found(await aws.scan([check]), check);
    expect(ids).toContain('arn:aws:s3:::tls-none');
    expect(ids).toContain('arn:aws:s3:::tls-other');
    expect(ids).not.toContain('arn:aws:s3:::tls-required');
  });
});
