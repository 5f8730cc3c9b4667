// Root MFA kind, from recorded IAM answers: moto cannot give the root user MFA, so the proxy sends
// GetAccountSummary and ListVirtualMFADevices as IAM documents them; everything else is moto's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MotoAccount, startMotoAccount } from '../testing/aws-account.ts';
import { type FaultProxy, startFaultProxy } from '../testing/fault-proxy.ts';
import { getAccountSummary, listVirtualMfaDevices } from '../testing/recorded-answers.ts';
import { awsScanner } from './scanner.ts';

const ACCOUNT = '123456789012';
const CHECKS = ['aws_iam_root_hardware_mfa_off', 'aws_iam_root_mfa_off'];

let aws: MotoAccount;
let proxy: FaultProxy;
let rootVirtual = true;
let mfaEnabled = 1;
beforeAll(async () => {
  aws = await startMotoAccount();
  proxy = await startFaultProxy(
    aws.moto.endpoint,
    [],
    [
      getAccountSummary(() => ({ AccountMFAEnabled: mfaEnabled, AccountAccessKeysPresent: 0 })),
      listVirtualMfaDevices(ACCOUNT, () => rootVirtual),
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
