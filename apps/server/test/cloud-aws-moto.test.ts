import {
  AuthorizeSecurityGroupIngressCommand,
  CreateSecurityGroupCommand,
  EC2Client,
  RevokeSecurityGroupIngressCommand,
} from '@aws-sdk/client-ec2';
import { CreateBucketCommand, ListBucketsCommand, S3Client } from '@aws-sdk/client-s3';
import { AWS_CHECKS } from '@netguard/cloud';
import { CLOUD_TEXT, type TCloudFinding } from '@netguard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MotoServer } from '../../../packages/cloud/src/testing/moto.ts';
import { checksOf, configuredScanners } from '../src/modules/cloud/cloud.scanners.ts';
import type { Workers } from '../src/workers.ts';
import { scanAndWait, startCloudWorkers, startMotoWithUser } from './cloud-helpers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';

const SSH = 'aws_ec2_sg_open_ssh';
const SSH_RULE = {
  GroupId: '',
  IpPermissions: [
    { IpProtocol: 'tcp', FromPort: 22, ToPort: 22, IpRanges: [{ CidrIp: '0.0.0.0/0' }] },
  ],
};

let moto: MotoServer;
let ctx: TestContext;
let workers: Workers;
let admin: Account;
let keys: { accessKeyId: string; secretAccessKey: string };
let ec2: EC2Client;
let s3: S3Client;
let groupArn: string;

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: admin.auth, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  // moto enforces IAM authentication after the first three calls: the auditor and its key.
  const started = await startMotoWithUser('auditor');
  moto = started.moto;
  keys = started.keys;
  ec2 = new EC2Client(started.aws);
  s3 = new S3Client({ ...started.aws, forcePathStyle: true });
  const group = await ec2.send(
    new CreateSecurityGroupCommand({ GroupName: 'web-admin', Description: 'SSH for admins' }),
  );
  SSH_RULE.GroupId = group.GroupId as string;
  await ec2.send(new AuthorizeSecurityGroupIngressCommand(SSH_RULE));
  groupArn = `arn:aws:ec2:us-east-1:123456789012:security-group/${group.GroupId}`;
  // The deployment's CLOUD_AWS_ENDPOINT sends every AWS call to moto_server on loopback.
  const scanners = configuredScanners({ aws: moto.endpoint });
  ctx = await createTestApp({}, { cloudScanners: scanners });
  workers = await startCloudWorkers(ctx, scanners);
  admin = await createAccount(ctx, 'cloud-moto@example.com', 'Enterprise');
}, 60_000);
afterAll(async () => {
  ec2?.destroy();
  s3?.destroy();
  await workers?.stop();
  await ctx?.close();
  await moto?.stop();
});

describe('AWS through moto_server', () => {
  it("refuses keys AWS refuses, with AWS's own reason", async () => {
    const cases = [
      [{ ...keys, accessKeyId: 'AKIAIOSFODNN7EXAMPLE' }, 'InvalidClientTokenId'],
      [{ ...keys, secretAccessKey: 'not-the-secret' }, 'SignatureDoesNotMatch'],
    ] as const;
    for (const [credentials, code] of cases) {
      const res = await call('POST', '/api/cloud/connections', { provider: 'aws', credentials });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(CLOUD_TEXT.connectionFailed('aws'));
      expect(res.json().error.message).toContain(code);
    }
    expect((await call('GET', '/api/cloud/connections')).json().connections).toEqual([]);
  });

  it('connects working keys: the identity comes from STS and the secret never comes back', async () => {
    const res = await call('POST', '/api/cloud/connections', {
      provider: 'aws',
      credentials: keys,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'connected',
      account: '123456789012',
      principal: 'arn:aws:iam::123456789012:user/au***',
    });
    expect(res.body).not.toContain(keys.secretAccessKey);
  });

  it('stores what the scan finds as vulnerabilities, and marks a fixed rule fixed on the next scan', async () => {
    const first = await scanAndWait(ctx, admin);
    const detail = (await call('GET', `/api/cloud/scans/${first.id}`)).json();
    // Partial, not failed: moto has no Access Analyzer (it answers ListAnalyzers with an HTML
    // page), and a scan with an unevaluated check never passes for a complete one.
    expect(first.status, JSON.stringify(detail.gaps?.slice(0, 3))).toBe('partial');
    expect(first.calls.total).toBeGreaterThan(10);
    expect(detail.gaps.map((g: { operation: string }) => g.operation)).toEqual(['ListAnalyzers']);
    const ssh = detail.findings.find((f: TCloudFinding) => f.checkId === SSH);
    expect(ssh).toMatchObject({ resourceId: groupArn, severity: 'high', status: 'open' });
    const vulns = (await call('GET', `/api/vulnerabilities?search=${SSH_RULE.GroupId}`)).json();
    expect(vulns.items.map((v: { title: string }) => v.title)).toEqual([
      'Security group allows SSH (port 22) from the internet',
    ]);

    await ec2.send(new RevokeSecurityGroupIngressCommand(SSH_RULE));
    const second = await scanAndWait(ctx, admin);
    const comparison = (await call('GET', `/api/cloud/scans/${second.id}/comparison`)).json();
    expect(comparison.resolved.map((f: TCloudFinding) => f.resourceId)).toEqual([groupArn]);
    expect(comparison.new).toEqual([]);
    const fixed = (await call('GET', '/api/cloud/findings?state=fixed')).json().items;
    expect(fixed.map((f: TCloudFinding) => [f.checkId, f.status])).toEqual([[SSH, 'fixed']]);
  });

  it("runs the spec's aws-security-scan on one service, its progress in resources", async () => {
    for (const Bucket of ['moto-logs', 'moto-assets'])
      await s3.send(new CreateBucketCommand({ Bucket }));
    const scan = await scanAndWait(ctx, admin, {
      serviceScan: { provider: 'aws', service: 's3', scanType: 'bucket_permissions' },
    });
    const detail = (await call('GET', `/api/cloud/scans/${scan.id}`)).json();
    expect(detail.findings.length).toBeGreaterThan(0);
    expect(detail.findings.every((f: TCloudFinding) => f.checkId.startsWith('aws_s3_'))).toBe(true);
    // Every bucket, and the account when a selected check is about the account's settings.
    const checks = new Set(checksOf(AWS_CHECKS, 'aws', 's3'));
    const types = new Set(AWS_CHECKS.filter((c) => checks.has(c.id)).map((c) => c.resourceType));
    const buckets = (await s3.send(new ListBucketsCommand({}))).Buckets ?? [];
    const resources = buckets.length + (types.has('aws_account') ? 1 : 0);
    expect(buckets.length).toBe(2);
    expect(detail.progress).toEqual({ done: resources, total: resources, phase: 'done' });
  });
});
