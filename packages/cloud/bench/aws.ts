// End-to-end AWS scan benchmark on moto (127.0.0.1 only): an account with 2,000 security groups,
// 500 buckets and 500 IAM users, scanned with every AWS check. Prints wall time, API calls per
// second, the progress in resources and peak RSS of this process. Usage: npm run bench:cloud
import { EC2Client } from '@aws-sdk/client-ec2';
import { CreateLoginProfileCommand, CreateUserCommand, IAMClient } from '@aws-sdk/client-iam';
import { CreateBucketCommand, PutBucketAclCommand, S3Client } from '@aws-sdk/client-s3';
import { mapLimit } from '../src/aws/calling.ts';
import { awsScanner } from '../src/aws/scanner.ts';
import { createGroup, tcpRule } from '../src/testing/aws-account.ts';
import { MOTO_CREDENTIALS, startMotoServer } from '../src/testing/moto.ts';
import type { ScanProgress } from '../src/types.ts';

const GROUPS = 2_000;
const BUCKETS = 500;
const USERS = 500;
const FIXTURE_CONCURRENCY = 32;
const REGION = 'us-east-1';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

const moto = await startMotoServer();
try {
  const config = { region: REGION, endpoint: moto.endpoint, credentials: MOTO_CREDENTIALS };
  const ec2 = new EC2Client(config);
  const s3 = new S3Client({ ...config, forcePathStyle: true });
  const iam = new IAMClient(config);
  const arranging = performance.now();
  // Every tenth group is open to the internet on SSH; the rest admit a private range.
  await mapLimit(range(GROUPS), FIXTURE_CONCURRENCY, (i) =>
    createGroup(ec2, `bench-${i}`, tcpRule(22, i % 10 === 0 ? '0.0.0.0/0' : '10.0.0.0/8')),
  );
  await mapLimit(range(BUCKETS), FIXTURE_CONCURRENCY, async (i) => {
    await s3.send(new CreateBucketCommand({ Bucket: `bench-bucket-${i}` }));
    if (i % 10 === 0)
      await s3.send(new PutBucketAclCommand({ Bucket: `bench-bucket-${i}`, ACL: 'public-read' }));
  });
  await mapLimit(range(USERS), FIXTURE_CONCURRENCY, async (i) => {
    await iam.send(new CreateUserCommand({ UserName: `bench-user-${i}` }));
    if (i % 5 === 0)
      await iam.send(
        new CreateLoginProfileCommand({
          UserName: `bench-user-${i}`,
          Password: 'Bench-Password-1',
        }),
      );
  });
  const arranged = (performance.now() - arranging) / 1000;
  for (const client of [ec2, s3, iam]) client.destroy();

  const started = performance.now();
  let progress: ScanProgress = { done: 0, total: 0, phase: '' };
  let reports = 0;
  const [result] = await awsScanner.scan(
    { ...MOTO_CREDENTIALS, region: REGION, endpoint: moto.endpoint },
    {
      onProgress: (p) => {
        progress = p;
        reports += 1;
      },
    },
  );
  const seconds = (performance.now() - started) / 1000;
  if (!result) throw new Error('the scan returned no result');
  const byCheck = new Map<string, number>();
  for (const f of result.findings) byCheck.set(f.checkId, (byCheck.get(f.checkId) ?? 0) + 1);
  console.log(
    JSON.stringify(
      {
        fixtures: {
          securityGroups: GROUPS,
          buckets: BUCKETS,
          users: USERS,
          seconds: Number(arranged.toFixed(1)),
        },
        scan: {
          status: result.status,
          seconds: Number(seconds.toFixed(1)),
          calls: result.calls.length,
          callsPerSecond: Math.round(result.calls.length / seconds),
          gaps: result.gaps.length,
          findings: result.findings.length,
          // Resources examined (every one a selected check reads), and how often it was reported.
          progress: { done: progress.done, total: progress.total, reports },
          peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
        },
        findingsByCheck: Object.fromEntries([...byCheck].sort()),
      },
      null,
      2,
    ),
  );
} finally {
  await moto.stop();
}
