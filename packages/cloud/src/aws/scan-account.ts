// Scans one AWS account: collects each region (EC2, RDS, CloudTrail, the other regional services)
// and the global services
// (S3, IAM, in the home region) through the call recorder, then runs the checks on what came back.
import type { CallRecorder } from '../calls.ts';
import { sleep } from '../calls.ts';
import { type ScanOptions, type ScanResult, scanStatus } from '../types.ts';
import type { CollectContext } from './calling.ts';
import { runChecks } from './checks.ts';
import type { AwsTarget } from './clients.ts';
import { collectCloudTrail } from './collect-cloudtrail.ts';
import { collectDataStores } from './collect-data-stores.ts';
import { collectDetection } from './collect-detection.ts';
import { collectEc2 } from './collect-ec2.ts';
import { collectEcrAndLogs } from './collect-ecr-logs.ts';
import { collectElb } from './collect-elb.ts';
import { collectIam } from './collect-iam.ts';
import { collectKeys } from './collect-keys.ts';
import { collectLambda } from './collect-lambda.ts';
import { collectMessaging } from './collect-messaging.ts';
import { collectRds } from './collect-rds.ts';
import { collectS3 } from './collect-s3.ts';
import type { AwsInventory, GlobalInventory, RegionInventory } from './inventory.ts';

const CONCURRENCY = 8;

/** What is read in each region, by phase name. */
const REGION_COLLECTORS: [
  string,
  (ctx: CollectContext, region: string) => Promise<Partial<RegionInventory>>,
][] = [
  ['ec2', collectEc2],
  ['rds', collectRds],
  ['cloudtrail', collectCloudTrail],
  ['detection', collectDetection],
  ['kms secretsmanager', collectKeys],
  ['sns sqs', collectMessaging],
  ['lambda', collectLambda],
  ['dynamodb efs', collectDataStores],
  ['ecr logs', collectEcrAndLogs],
  ['elbv2', collectElb],
];

export type AccountScan = {
  recorder: CallRecorder;
  target: AwsTarget;
  account: string;
  homeRegion: string;
  regions: string[];
  checks: string[];
  options: ScanOptions;
  startedAt: Date;
};

export async function scanAccount(scan: AccountScan): Promise<ScanResult> {
  const { options, regions } = scan;
  const ctx: CollectContext = {
    recorder: scan.recorder,
    target: scan.target,
    account: scan.account,
    selected: new Set(scan.checks),
    concurrency: CONCURRENCY,
  };
  const wait = (ms: number) => (options.sleep ?? sleep)(ms, options.signal);
  const total = regions.length * REGION_COLLECTORS.length + 2;
  let done = 0;
  const step = async <T>(phase: string, work: Promise<T>): Promise<T> => {
    const value = await work;
    done += 1;
    options.onProgress?.({ done, total, phase: `${scan.account} ${phase}` });
    return value;
  };
  const [perRegion, s3, iam] = await Promise.all([
    Promise.all(
      regions.map(async (region): Promise<RegionInventory> => {
        const parts = await Promise.all(
          REGION_COLLECTORS.map(([phase, run]) => step(`${phase} ${region}`, run(ctx, region))),
        );
        return Object.assign({ region }, ...parts);
      }),
    ),
    step('s3', collectS3(ctx, scan.homeRegion)),
    step('iam', collectIam(ctx, scan.homeRegion, wait)),
  ]);
  const now = options.now?.() ?? new Date();
  const global: GlobalInventory = { ...s3, ...iam };
  const inventory: AwsInventory = { account: scan.account, now, regions: perRegion, global };
  const findings = runChecks(inventory, scan.checks);
  const gaps = scan.recorder.gaps();
  return {
    provider: 'aws',
    account: scan.account,
    status: scanStatus(findings, gaps),
    startedAt: scan.startedAt.toISOString(),
    finishedAt: now.toISOString(),
    regions,
    checksRun: scan.checks,
    findings,
    calls: scan.recorder.calls,
    gaps,
  };
}
