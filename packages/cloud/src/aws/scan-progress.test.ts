// A scan's progress on moto counts resources, not collection steps: total is every resource that a
// selected check examines, done reaches it, and neither ever goes back.
import { DescribeNetworkAclsCommand, DescribeSecurityGroupsCommand } from '@aws-sdk/client-ec2';
import { CreateBucketCommand, ListBucketsCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGroup,
  type MotoAccount,
  startMotoAccount,
  tcpRule,
} from '../testing/aws-account.ts';
import type { ScanProgress } from '../types.ts';

let aws: MotoAccount;
beforeAll(async () => {
  aws = await startMotoAccount();
  await createGroup(aws.ec2, 'progress-web', tcpRule(443));
  await createGroup(aws.ec2, 'progress-ssh', tcpRule(22));
  for (const Bucket of ['progress-a', 'progress-b', 'progress-c'])
    await aws.s3.send(new CreateBucketCommand({ Bucket }));
}, 30_000);
afterAll(() => aws?.stop());

describe('AWS scan progress', () => {
  it('counts the security groups, network ACLs, buckets and the account examined', async () => {
    const groups = (await aws.ec2.send(new DescribeSecurityGroupsCommand({}))).SecurityGroups;
    const acls = (await aws.ec2.send(new DescribeNetworkAclsCommand({}))).NetworkAcls;
    const buckets = (await aws.s3.send(new ListBucketsCommand({}))).Buckets;
    const seen: ScanProgress[] = [];
    await aws.scan(
      [
        'aws_ec2_sg_open_ssh',
        'aws_vpc_nacl_open_all',
        'aws_s3_bucket_versioning_off',
        'aws_s3_account_public_access_block_off',
      ],
      { onProgress: (p) => seen.push(p) },
    );
    // The account's Block Public Access is one resource of its own (aws_account).
    const resources = (groups?.length ?? 0) + (acls?.length ?? 0) + (buckets?.length ?? 0) + 1;
    expect(resources).toBeGreaterThan(6);
    expect(seen.at(-1)).toMatchObject({ done: resources, total: resources });
    for (const [i, p] of seen.entries()) {
      expect(p.done).toBeLessThanOrEqual(p.total);
      expect(p.total).toBeGreaterThanOrEqual(seen[i - 1]?.total ?? 0);
      expect(p.done).toBeGreaterThanOrEqual(seen[i - 1]?.done ?? 0);
    }
  });

  it('counts nothing a selected check does not examine', async () => {
    const seen: ScanProgress[] = [];
    await aws.scan(['aws_s3_bucket_versioning_off'], { onProgress: (p) => seen.push(p) });
    const buckets = (await aws.s3.send(new ListBucketsCommand({}))).Buckets ?? [];
    expect(seen.at(-1)).toMatchObject({ done: buckets.length, total: buckets.length });
  });
});
