// The root user, from recorded IAM answers: moto cannot give the root user MFA nor put it in the
// credential report, so the proxy sends GetAccountSummary, ListVirtualMFADevices and
// GetCredentialReport as IAM documents them; everything else is moto's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MotoAccount, startMotoAccount } from '../testing/aws-account.ts';
import { type FaultProxy, startFaultProxy } from '../testing/fault-proxy.ts';
import {
  getAccountSummary,
  getCredentialReport,
  listVirtualMfaDevices,
} from '../testing/recorded-answers.ts';
import { awsScanner } from './scanner.ts';

const ACCOUNT = '123456789012';
const CHECKS = ['aws_iam_root_hardware_mfa_off', 'aws_iam_root_mfa_off'];

let aws: MotoAccount;
let proxy: FaultProxy;
let rootVirtual = true;
let mfaEnabled = 1;
let rootUse = { passwordLastUsed: 'N/A', key1LastUsed: 'N/A' };
beforeAll(async () => {
  aws = await startMotoAccount();
  proxy = await startFaultProxy(
    aws.moto.endpoint,
    [],
    [
      getAccountSummary(() => ({ AccountMFAEnabled: mfaEnabled, AccountAccessKeysPresent: 0 })),
      listVirtualMfaDevices(ACCOUNT, () => rootVirtual),
      getCredentialReport(ACCOUNT, () => rootUse),
    ],
  );
});
afterAll(async () => {
  await proxy?.close();
  await aws?.stop();
});

const scan = async () => {
  const [result] = await awsScanner.scan(
    { ...aws.credentials, endpoint: proxy.endpoint },
    { checks: CHECKS, sleep: async () => {} },
  );
  if (!result) throw new Error('no result');
  expect(result.gaps).toEqual([]);
  return result.findings.map((f) => [f.checkId, f.resourceId]);
};

describe('the root user\u2019s MFA device', () => {
  const root = `arn:aws:iam::${ACCOUNT}:root`;

  it('is a finding when it is virtual, and none when the root MFA is a hardware key', async () => {
    rootVirtual = true;
    mfaEnabled = 1;
    expect(await scan()).toEqual([['aws_iam_root_hardware_mfa_off', root]]);
    rootVirtual = false;
    expect(await scan()).toEqual([]);
  });

  it('leaves a root user without any MFA to aws_iam_root_mfa_off', async () => {
    mfaEnabled = 0;
    rootVirtual = false;
    expect(await scan()).toEqual([['aws_iam_root_mfa_off', root]]);
  });
});

describe('root user use', () => {
  const check = 'aws_iam_root_used_recently';
  const now = () => new Date('2026-03-10T12:00:00Z');
  const scanUse = async () => {
    const [result] = await awsScanner.scan(
      { ...aws.credentials, endpoint: proxy.endpoint },
      { checks: [check], now, sleep: async () => {} },
    );
    expect(result?.gaps).toEqual([]);
    return result?.findings ?? [];
  };

  it('is a finding for a root sign-in or key use in the last 7 days, none for older use', async () => {
    rootUse = { passwordLastUsed: '2026-03-08T09:15:00+00:00', key1LastUsed: 'N/A' };
    const signIn = await scanUse();
    expect(signIn.map((f) => f.resourceId)).toEqual([`arn:aws:iam::${ACCOUNT}:root`]);
    expect(signIn[0]?.detail).toContain('password at 2026-03-08T09:15:00+00:00');
    rootUse = {
      passwordLastUsed: '2025-11-02T10:00:00+00:00',
      key1LastUsed: '2026-03-09T22:00:00+00:00',
    };
    expect((await scanUse())[0]?.evidence.uses).toEqual([
      { credential: 'access key 1', at: '2026-03-09T22:00:00+00:00', days: 0 },
    ]);
    rootUse = { passwordLastUsed: '2026-02-20T10:00:00+00:00', key1LastUsed: 'N/A' };
    expect(await scanUse()).toEqual([]);
  });
});
