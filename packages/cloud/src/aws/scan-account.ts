// Scans one AWS account: collects each region (EC2, RDS, CloudTrail, the other regional services)
// and the global services
// (S3, IAM, in the home region) through the call recorder, then runs the checks on what came back.
import type { CallRecorder } from '../calls.ts';
import { sleep } from '../calls.ts';
import { AWS_CHECKS } from '../catalog/aws.ts';
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
import { addCounts, globalResources, regionResources } from './resources.ts';

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
  /** The progress of the whole scan (every account), in resources. */
  progress: ResourceProgress;
};

/**
 * Progress in resources across the accounts of a scan: `total` grows as collectors bring resources
 * back, `done` as the checks of a resource type have run over them.
 */
export type ResourceProgress = { done: number; total: number };

/** The catalog resource types the selected checks examine. */
const typesOf = (checks: string[]) =>
  new Set(AWS_CHECKS.filter((c) => checks.includes(c.id)).map((c) => c.resourceType));

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
  const { progress } = scan;
  const types = typesOf(scan.checks);
  const counts: Record<string, number> = {};
  const report = (phase: string) =>
    options.onProgress?.({ ...progress, phase: `${scan.account} ${phase}` });
  // Only resources that a selected check examines count, so that done reaches total.
  const found = (more: Record<string, number>) => {
    const kept = Object.entries(more).filter(([type]) => types.has(type));
    addCounts(counts, Object.fromEntries(kept));
    progress.total += kept.reduce((sum, [, n]) => sum + n, 0);
  };
  found({ aws_account: 1, aws_region: regions.length });
  report('collect');
  const step = async <T extends object>(
    phase: string,
    work: Promise<T>,
    resources: (part: T) => Record<string, number>,
  ): Promise<T> => {
    const value = await work;
    found(resources(value));
    report(phase);
    return value;
  };
  const [perRegion, s3, iam] = await Promise.all([
    Promise.all(
      regions.map(async (region): Promise<RegionInventory> => {
        const parts = await Promise.all(
          REGION_COLLECTORS.map(([phase, run]) =>
            step(`${phase} ${region}`, run(ctx, region), regionResources),
          ),
        );
        return Object.assign({ region }, ...parts);
      }),
    ),
    step('s3', collectS3(ctx, scan.homeRegion), globalResources),
    step('iam', collectIam(ctx, scan.homeRegion, wait), globalResources),
  ]);
  const now = options.now?.() ?? new Date();
  const global: GlobalInventory = { ...s3, ...iam };
  const inventory: AwsInventory = { account: scan.account, now, regions: perRegion, global };
  const findings = runChecks(inventory, scan.checks, (type) => {
    progress.done += counts[type] ?? 0;
    report(`evaluate ${type}`);
  });
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
