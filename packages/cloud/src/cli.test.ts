// The compiled CLI (bin/netguard-cloud.js on plain node) against moto: JSON lines, SARIF valid
// against the 2.1.0 schema with fingerprints stable across scans, OCSF Detection Findings, and the
// exit statuses.
import { CreateBucketCommand, PutBucketAclCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sarifValidator } from '../../engine/src/testing/sarif-schema.ts';
import {
  createGroup,
  type MotoAccount,
  REGION,
  startMotoAccount,
  tcpRule,
} from './testing/aws-account.ts';
import { type FaultProxy, operation, startFaultProxy } from './testing/fault-proxy.ts';
import { runBin } from './testing/run-bin.ts';

const CHECKS = 'aws_ec2_sg_open_ssh,aws_s3_bucket_acl_public,aws_iam_root_access_keys';

let aws: MotoAccount;
let proxy: FaultProxy;
beforeAll(async () => {
  aws = await startMotoAccount();
  await createGroup(aws.ec2, 'ssh', tcpRule(22));
  await aws.s3.send(new CreateBucketCommand({ Bucket: 'press-kit' }));
  await aws.s3.send(new PutBucketAclCommand({ Bucket: 'press-kit', ACL: 'public-read' }));
  proxy = await startFaultProxy(aws.moto.endpoint, [
    {
      match: operation('DescribeSecurityGroups'),
      status: 403,
      code: 'UnauthorizedOperation',
      message: 'You are not authorized to perform this operation.',
      format: 'ec2',
    },
  ]);
});
afterAll(async () => {
  await proxy?.close();
  await aws?.stop();
});

const cli = (args: string[], endpoint = aws.moto.endpoint) =>
  runBin([...args, '--endpoint', endpoint], {
    AWS_ACCESS_KEY_ID: 'netguard-test',
    AWS_SECRET_ACCESS_KEY: 'netguard-test',
    AWS_REGION: REGION,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });

describe('netguard-cloud aws', () => {
  it('prints a JSON line per finding and call, a coverage line and a summary, and exits 1 on findings', async () => {
    const { code, stdout, stderr } = await cli(['aws', '--checks', CHECKS]);
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(code).toBe(1);
    expect(
      lines
        .filter((l) => l.type === 'finding')
        .map((l) => l.checkId)
        .sort(),
    ).toEqual(['aws_ec2_sg_open_ssh', 'aws_s3_bucket_acl_public']);
    expect(lines.filter((l) => l.type === 'call').every((l) => l.outcome === 'ok')).toBe(true);
    expect(lines.at(-2)).toMatchObject({
      type: 'coverage',
      account: '123456789012',
      status: 'failed',
    });
    expect(lines.at(-1)).toMatchObject({
      type: 'summary',
      status: 'failed',
      findings: 2,
      bySeverity: { high: 1, critical: 1 },
      gaps: 0,
    });
    expect(stderr).toMatch(/\[\d+\/\d+\] 123456789012 s3/);
  });

  it('writes SARIF 2.1.0 that validates, with fingerprints that stay the same in the next scan', async () => {
    const first = JSON.parse((await cli(['aws', '--checks', CHECKS, '-o', 'sarif'])).stdout);
    const validate = sarifValidator();
    expect(validate(first), JSON.stringify(validate.errors)).toBe(true);
    const rule = first.runs[0].tool.driver.rules.find(
      (r: { id: string }) => r.id === 'aws_ec2_sg_open_ssh',
    );
    expect(rule.properties['security-severity']).toBe('8.0');
    expect(rule.help.text).toContain('aws ec2 revoke-security-group-ingress');
    expect(rule.properties.tags).toContain('soc2:CC6.6');
    const second = JSON.parse((await cli(['aws', '--checks', CHECKS, '-o', 'sarif'])).stdout);
    const prints = (log: typeof first) =>
      log.runs[0].results
        .map(
          (r: { partialFingerprints: Record<string, string> }) =>
            r.partialFingerprints['netguard/cloud/v1'],
        )
        .sort();
    expect(prints(second)).toEqual(prints(first));
    expect(prints(first)).toHaveLength(2);
  });

  it('writes OCSF Detection Findings', async () => {
    const { stdout } = await cli(['aws', '--checks', CHECKS, '-o', 'ocsf']);
    const events = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const acl = events.find((e) => e.finding_info.analytic.uid === 'aws_s3_bucket_acl_public');
    expect(acl).toMatchObject({
      class_uid: 2004,
      category_uid: 2,
      activity_id: 1,
      severity_id: 5,
      status: 'New',
      finding_info: {
        title: 'S3 bucket ACL grants access to AllUsers or AuthenticatedUsers',
        types: ['s3', 's3_bucket'],
      },
      resources: [{ uid: 'arn:aws:s3:::press-kit', type: 's3_bucket', region: REGION }],
      cloud: { provider: 'AWS', account: { uid: '123456789012' } },
      metadata: { product: { name: 'NetGuard', vendor_name: 'NetGuard' }, version: '1.3.0' },
    });
    expect(acl.remediation.desc).toContain('aws s3api put-bucket-acl');
    expect(typeof acl.time).toBe('number');
  });

  it('exits 0 when the checks pass, 3 when a call is refused, 2 on a usage error', async () => {
    expect((await cli(['aws', '--checks', 'aws_iam_root_access_keys'])).code).toBe(0);
    const partial = await cli(['aws', '--checks', 'aws_ec2_sg_open_ssh'], proxy.endpoint);
    expect(partial.code).toBe(3);
    expect(partial.stdout).toContain('"outcome":"denied"');
    const unknown = await cli(['aws', '--checks', 'aws_nope']);
    expect(unknown).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Unknown check id: aws_nope'),
    });
    expect((await cli(['aws', '-o', 'xml'])).code).toBe(2);
  }, 60_000); // four processes that each load the AWS SDK: slow beside a loaded suite

  it('prints its help and exits 0', async () => {
    const { code, stdout } = await cli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: netguard-cloud aws|azure|gcp');
  });
});
