// The AWS scanner: verify credentials, and scan one account or, with organizationRoleName, every
// active account of the organization (one result per account, each through its assumed role).
import { CallRecorder } from '../calls.ts';
import { AWS_CHECKS } from '../catalog/aws.ts';
import { selectChecks } from '../select.ts';
import {
  type AwsCredentials,
  type Scanner,
  type ScanOptions,
  type ScanResult,
  VerificationFailed,
} from '../types.ts';
import { classifyAws } from './classify.ts';
import type { AwsTarget } from './clients.ts';
import { listAccounts } from './organization.ts';
import { type AccountScan, scanAccount } from './scan-account.ts';
import { assumeRole, callerIdentity, targetOf, verifyAws } from './verify.ts';

const failedReason = (recorder: CallRecorder) =>
  recorder
    .gaps()
    .map((g) => `${g.operation}: ${g.message}`)
    .join('; ');

async function scanAws(
  credentials: AwsCredentials,
  options: ScanOptions = {},
): Promise<ScanResult[]> {
  const checks = selectChecks(AWS_CHECKS, options.checks);
  const region = credentials.region;
  const base = {
    homeRegion: region,
    regions: options.regions?.length ? options.regions : [region],
    checks,
    options,
    progress: { done: 0, total: 0 },
  };
  const target = await targetOf(credentials, options.signal);
  const recorder = new CallRecorder(classifyAws, options);
  const startedAt = options.now?.() ?? new Date();
  const identity = await recorder.call(
    { service: 'sts', region, operation: 'GetCallerIdentity', checks },
    (signal) => callerIdentity(target, region, signal),
  );
  if (!identity) throw new VerificationFailed(failedReason(recorder));
  const own = { ...base, recorder, target, account: identity.account, startedAt };
  const roleName = credentials.organizationRoleName;
  if (!roleName) return [await scanAccount(own)];
  const accounts = await listAccounts(recorder, target, region, checks);
  if (!accounts) throw new VerificationFailed(failedReason(recorder));
  const results: ScanResult[] = [];
  // The credentials' own account is scanned with them: the organization role is made in member
  // accounts, not in the management account.
  for (const { Id = '' } of accounts) {
    results.push(
      Id === identity.account
        ? await scanAccount(own)
        : await scanMember(base, target, Id, roleName),
    );
  }
  return results;
}

/** Assumes the organization role in one member account and scans it; a refused role is a gap. */
async function scanMember(
  base: Omit<AccountScan, 'recorder' | 'target' | 'account' | 'startedAt'>,
  management: AwsTarget,
  account: string,
  roleName: string,
): Promise<ScanResult> {
  const { options, homeRegion, checks } = base;
  const recorder = new CallRecorder(classifyAws, options);
  const startedAt = options.now?.() ?? new Date();
  const roleArn = `arn:aws:iam::${account}:role/${roleName}`;
  const keys = await recorder.call(
    { service: 'sts', region: homeRegion, operation: 'AssumeRole', checks },
    (signal) => assumeRole(management, homeRegion, { roleArn }, signal),
  );
  if (keys)
    return scanAccount({ ...base, recorder, target: { ...management, keys }, account, startedAt });
  const gaps = recorder.gaps();
  return {
    provider: 'aws',
    account,
    status: 'partial',
    startedAt: startedAt.toISOString(),
    finishedAt: (options.now?.() ?? new Date()).toISOString(),
    regions: base.regions,
    checksRun: checks,
    findings: [],
    calls: recorder.calls,
    gaps,
  };
}

export const awsScanner: Scanner<'aws'> = {
  provider: 'aws',
  checks: AWS_CHECKS,
  verify: verifyAws,
  scan: scanAws,
};
