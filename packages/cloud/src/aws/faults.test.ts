// Throttling and denial, as AWS answers them, through a proxy in front of moto: throttled calls
// are retried after Retry-After, calls that keep failing make the scan "partial" and name the
// checks they left unevaluated, and the rest of the scan still runs.
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanAborted } from '../calls.ts';
import {
  createGroup,
  type MotoAccount,
  startMotoAccount,
  tcpRule,
} from '../testing/aws-account.ts';
import { type FaultProxy, operation, startFaultProxy } from '../testing/fault-proxy.ts';
import { awsScanner } from './scanner.ts';

let aws: MotoAccount;
let proxy: FaultProxy;
beforeAll(async () => {
  aws = await startMotoAccount();
  await createGroup(aws.ec2, 'rdp', tcpRule(3389));
  await aws.s3.send(new CreateBucketCommand({ Bucket: 'reports' }));
  proxy = await startFaultProxy(aws.moto.endpoint, [
    {
      match: operation('DescribeSecurityGroups'),
      status: 429,
      code: 'RequestLimitExceeded',
      message: 'Request limit exceeded.',
      format: 'ec2',
      retryAfter: '2',
      times: 2,
    },
    {
      match: operation('ListPolicies'),
      status: 403,
      code: 'AccessDenied',
      message:
        'User: arn:aws:iam::123456789012:user/scanner is not authorized to perform: iam:ListPolicies',
      format: 'query',
    },
    {
      match: (r) => r.method === 'GET' && r.url.startsWith('/reports/?policy'),
      status: 503,
      code: 'SlowDown',
      message: 'Please reduce your request rate.',
      format: 's3',
    },
  ]);
});
afterAll(async () => {
  await proxy?.close();
  await aws?.stop();
});

describe('a scan through throttling and denial', () => {
  it('retries after Retry-After, and reports the calls that kept failing as gaps of a partial scan', async () => {
    const waits: number[] = [];
    const [result] = await awsScanner.scan(
      { ...aws.credentials, endpoint: proxy.endpoint },
      {
        checks: [
          'aws_ec2_sg_open_rdp',
          'aws_iam_policy_admin',
          'aws_s3_bucket_policy_public',
          'aws_s3_bucket_versioning_off',
        ],
        sleep: async (ms) => {
          waits.push(ms);
        },
      },
    );
    expect(result?.status).toBe('partial');
    const sg = result?.calls.find((c) => c.operation === 'DescribeSecurityGroups');
    expect(sg).toMatchObject({ outcome: 'ok', attempts: 3 });
    expect(waits.filter((ms) => ms >= 2000)).toHaveLength(2);
    // The throttled listing still produced its finding once it got through.
    expect(result?.findings.map((f) => f.checkId)).toContain('aws_ec2_sg_open_rdp');
    expect(result?.findings.map((f) => f.checkId)).toContain('aws_s3_bucket_versioning_off');

    expect(result?.gaps).toEqual(
      [
        expect.objectContaining({
          service: 'iam',
          operation: 'ListPolicies',
          outcome: 'denied',
          attempts: 1,
          checks: ['aws_iam_policy_admin'],
          message: expect.stringContaining('not authorized to perform: iam:ListPolicies'),
        }),
        expect.objectContaining({
          service: 's3',
          operation: 'GetBucketPolicy',
          outcome: 'throttled',
          attempts: 4,
          checks: ['aws_s3_bucket_policy_public'],
        }),
      ].sort(() => 0),
    );
    expect(proxy.faulted.filter((o) => o === 'DescribeSecurityGroups')).toHaveLength(2);
  });
});

describe('cancelling a scan', () => {
  it('stops it with ScanAborted once the signal fires', async () => {
    const controller = new AbortController();
    const phases: string[] = [];
    const scan = aws.scan([], {
      signal: controller.signal,
      onProgress: (p) => {
        phases.push(p.phase);
        controller.abort();
      },
    });
    await expect(scan).rejects.toThrow(ScanAborted);
    expect(phases.length).toBeGreaterThan(0);
  });
});
