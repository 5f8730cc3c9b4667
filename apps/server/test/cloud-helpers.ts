import { setTimeout as delay } from 'node:timers/promises';
import {
  CreateAccessKeyCommand,
  CreateUserCommand,
  IAMClient,
  PutUserPolicyCommand,
} from '@aws-sdk/client-iam';
import {
  type CallRecord,
  type CheckMeta,
  type Finding,
  type Scanner,
  scanStatus,
  VerificationFailed,
} from '@netguard/cloud';
import { CLOUD_SCAN_FINAL, type TCloudScan } from '@netguard/contracts';
import { MOTO_CREDENTIALS, startMotoServer } from '../../../packages/cloud/src/testing/moto.ts';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/lib/logger.ts';
import type { CloudScanners } from '../src/modules/cloud/cloud.scanners.ts';
import { startWorkers } from '../src/workers.ts';
import type { Account, TestContext } from './helpers.ts';

export const SECRET = 'test-secret-key-for-netguard-tests';
export const ACCOUNT = '123456789012';
export const GOOD_KEYS = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};
/** What AWS STS answers to a key pair it does not know. */
export const AWS_REFUSAL = 'The security token included in the request is invalid.';

const frameworks = { soc2: [], iso27001: [], nist_csf: [], hipaa: [], gdpr: [] };
export const CHECKS: CheckMeta[] = [
  {
    id: 'aws_ec2_sg_open_ssh',
    provider: 'aws',
    service: 'ec2',
    resourceType: 'ec2_security_group',
    title: 'Security group allows SSH from the internet',
    severity: 'high',
    description: 'An ingress rule opens port 22 to 0.0.0.0/0.',
    risk: 'Anyone can try passwords against the instances.',
    remediation: 'Limit the rule to the addresses that administer the instances.',
    cli: 'aws ec2 revoke-security-group-ingress --group-id <id> --protocol tcp --port 22 --cidr 0.0.0.0/0',
    frameworks,
    exposedPorts: [22],
  },
  {
    id: 'aws_s3_bucket_policy_public',
    provider: 'aws',
    service: 's3',
    resourceType: 's3_bucket',
    title: 'S3 bucket is public',
    severity: 'critical',
    description: 'The bucket policy grants s3:GetObject to everyone.',
    risk: 'Anyone can read the objects.',
    remediation: 'Turn on S3 Block Public Access for the bucket.',
    cli: 'aws s3api put-public-access-block --bucket <name> --public-access-block-configuration BlockPublicPolicy=true',
    frameworks,
  },
];

/** A finding of the fake account. */
export const finding = (
  checkId: string,
  resourceId: string,
  extra: Partial<Finding> = {},
): Finding => ({
  checkId,
  provider: 'aws',
  account: ACCOUNT,
  region: 'us-east-1',
  resourceId,
  resourceType: checkId.includes('s3') ? 's3_bucket' : 'ec2_security_group',
  detail: `${resourceId} fails ${checkId}`,
  evidence: { resourceId },
  ...extra,
});

/**
 * A stand-in for @netguard/cloud's AWS module: an account whose findings the test sets. It
 * verifies one key pair and refuses others with STS's message; a scan can be held open.
 */
export function fakeAws() {
  const state = {
    findings: [] as Finding[],
    gaps: [] as CallRecord[],
    /** A scan waits this long (or until aborted) before answering. */
    holdMs: 0,
    scans: 0,
    /** Awaited by verify before it answers (a provider that takes its time). */
    verifying: null as (() => Promise<void>) | null,
  };
  const scanner: Scanner<'aws'> = {
    provider: 'aws',
    checks: CHECKS,
    async verify(credentials) {
      await state.verifying?.();
      if (credentials.secretAccessKey !== GOOD_KEYS.secretAccessKey)
        throw new VerificationFailed(AWS_REFUSAL);
      return { account: ACCOUNT, principal: `arn:aws:iam::${ACCOUNT}:user/auditor` };
    },
    async scan(credentials, options = {}) {
      state.scans++;
      const started = new Date().toISOString();
      options.onProgress?.({ done: 1, total: 2, phase: 'ec2' });
      if (state.holdMs)
        await delay(state.holdMs, undefined, { signal: options.signal }).catch(() => undefined);
      const checksRun = options.checks ?? CHECKS.map((c) => c.id);
      const findings = state.findings.filter((f) => checksRun.includes(f.checkId));
      const calls: CallRecord[] = [
        {
          service: 'ec2',
          region: credentials.region,
          operation: 'DescribeSecurityGroups',
          outcome: 'ok',
          attempts: 1,
          ms: 3,
        },
        ...state.gaps,
      ];
      return [
        {
          provider: 'aws',
          account: ACCOUNT,
          status: scanStatus(findings, state.gaps),
          startedAt: started,
          finishedAt: new Date().toISOString(),
          regions: options.regions ?? [credentials.region],
          checksRun,
          findings,
          calls,
          gaps: state.gaps,
        },
      ];
    },
  };
  return { state, scanners: { aws: scanner } satisfies CloudScanners };
}

/**
 * The workers of `npm start`, with the cloud scan worker on the given scanners. Their scan scope
 * is loopback only: the exposure proof never reaches a fake resource's public address.
 */
export function startCloudWorkers(ctx: TestContext, scanners: CloudScanners) {
  return startWorkers({
    url: ctx.url,
    settings: loadConfig({ SCAN_ALLOWED_RANGES: '127.0.0.0/8' }).scans,
    log: createLogger('silent'),
    cloud: { secret: SECRET, scanners },
    // Scans reach what the app's tenants may reach (its EGRESS_* and the fakes' CA).
    egress: () => ctx.app.egress,
  });
}

export const connectAws = (ctx: TestContext, who: Account, keys = GOOD_KEYS) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/cloud/connections',
    headers: who.auth,
    payload: { provider: 'aws', credentials: keys },
  });

/** Starts a scan and waits for it to end; returns the scan as the API shows it. */
export async function scanAndWait(
  ctx: TestContext,
  who: Account,
  body: Record<string, unknown> = {},
): Promise<TCloudScan> {
  const started = await ctx.app.inject({
    method: 'POST',
    url: '/api/cloud/scans',
    headers: who.auth,
    payload: body,
  });
  if (started.statusCode !== 202) throw new Error(`scan not started: ${started.body}`);
  const [scan] = started.json().scans as TCloudScan[];
  return waitForScan(ctx, who, (scan as TCloudScan).id);
}

export async function waitForScan(ctx: TestContext, who: Account, id: string): Promise<TCloudScan> {
  const until = Date.now() + 20_000;
  for (;;) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/cloud/scans/${id}`,
      headers: who.auth,
    });
    const scan = res.json() as TCloudScan;
    if (CLOUD_SCAN_FINAL.includes(scan.status)) return scan;
    if (Date.now() > until) throw new Error(`cloud scan ${id} still ${scan.status}`);
    await delay(200);
  }
}

/**
 * moto_server with IAM authentication on (after the first three calls) and one user allowed
 * everything: its keys are the ones a connection uses. Returns the server and the keys.
 */
export async function startMotoWithUser(userName: string) {
  process.env.INITIAL_NO_AUTH_ACTION_COUNT = '3';
  const moto = await startMotoServer();
  delete process.env.INITIAL_NO_AUTH_ACTION_COUNT;
  const aws = { endpoint: moto.endpoint, region: 'us-east-1', credentials: MOTO_CREDENTIALS };
  const iam = new IAMClient(aws);
  await iam.send(new CreateUserCommand({ UserName: userName }));
  await iam.send(
    new PutUserPolicyCommand({
      UserName: userName,
      PolicyName: 'everything',
      PolicyDocument: JSON.stringify({
        Version: '2012-10-17',
        Statement: [{ Effect: 'Allow', Action: '*', Resource: '*' }],
      }),
    }),
  );
  const created = (await iam.send(new CreateAccessKeyCommand({ UserName: userName }))).AccessKey;
  iam.destroy();
  const keys = {
    accessKeyId: created?.AccessKeyId as string,
    secretAccessKey: created?.SecretAccessKey as string,
  };
  return { moto, keys, aws: { ...aws, credentials: keys } };
}
