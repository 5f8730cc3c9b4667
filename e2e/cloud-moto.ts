import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import {
  AuthorizeSecurityGroupIngressCommand,
  CreateSecurityGroupCommand,
  EC2Client,
  RevokeSecurityGroupIngressCommand,
} from '@aws-sdk/client-ec2';
import {
  CreateAccessKeyCommand,
  CreateUserCommand,
  IAMClient,
  PutUserPolicyCommand,
} from '@aws-sdk/client-iam';
import { motoEnv } from '@netguard/cloud/testing/moto';

/** moto lets this many unsigned actions through (making the auditor), then checks every key. */
const UNSIGNED_ACTIONS = 3;
const REGION = 'us-east-1';
const SSH = { IpProtocol: 'tcp', FromPort: 22, ToPort: 22, IpRanges: [{ CidrIp: '0.0.0.0/0' }] };

export type MotoAccount = {
  /** An IAM user's key pair that moto accepts. */
  keys: { accessKeyId: string; secretAccessKey: string };
  /** The security group that lets SSH in from the internet. */
  groupId: string;
  /** Fixes the finding: the SSH rule is revoked. */
  closeSsh(): Promise<void>;
  stop(): Promise<void>;
};

async function waitListening(endpoint: string, child: ChildProcess) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`moto_server exited with ${child.exitCode}`);
    const up = await fetch(`${endpoint}/moto-api/`).then(
      () => true,
      () => false,
    );
    if (up) return;
    await delay(250);
  }
  throw new Error('moto_server did not listen within 30 s');
}

/**
 * moto_server on 127.0.0.1:`port` with IAM authentication on: an auditor user with a key and an
 * allow-all policy, and a security group open to SSH from anywhere (no instance, so no address
 * for the exposure check to reach).
 */
export async function startMotoAccount(port: number): Promise<MotoAccount> {
  const child = spawn('moto_server', ['-H', '127.0.0.1', '-p', String(port)], {
    env: motoEnv({ INITIAL_NO_AUTH_ACTION_COUNT: String(UNSIGNED_ACTIONS) }),
    stdio: 'ignore',
  });
  const endpoint = `http://127.0.0.1:${port}`;
  await waitListening(endpoint, child);
  const unsigned = { accessKeyId: 'netguard-test', secretAccessKey: 'netguard-test' };
  const iam = new IAMClient({ endpoint, region: REGION, credentials: unsigned });
  await iam.send(new CreateUserCommand({ UserName: 'netguard-auditor' }));
  const policy = {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: '*', Resource: '*' }],
  };
  await iam.send(
    new PutUserPolicyCommand({
      UserName: 'netguard-auditor',
      PolicyName: 'read-all',
      PolicyDocument: JSON.stringify(policy),
    }),
  );
  const created = await iam.send(new CreateAccessKeyCommand({ UserName: 'netguard-auditor' }));
  iam.destroy();
  const keys = {
    accessKeyId: created.AccessKey?.AccessKeyId ?? '',
    secretAccessKey: created.AccessKey?.SecretAccessKey ?? '',
  };
  const ec2 = new EC2Client({ endpoint, region: REGION, credentials: keys });
  const group = await ec2.send(
    new CreateSecurityGroupCommand({ GroupName: 'bastion', Description: 'SSH from anywhere' }),
  );
  const groupId = group.GroupId ?? '';
  await ec2.send(
    new AuthorizeSecurityGroupIngressCommand({ GroupId: groupId, IpPermissions: [SSH] }),
  );
  return {
    keys,
    groupId,
    async closeSsh() {
      await ec2.send(
        new RevokeSecurityGroupIngressCommand({ GroupId: groupId, IpPermissions: [SSH] }),
      );
    },
    async stop() {
      ec2.destroy();
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
