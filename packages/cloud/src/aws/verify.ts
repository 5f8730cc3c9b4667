// Proves credentials work: AssumeRole first (with the external id) when a role is set, then STS
// GetCallerIdentity. AWS's own message is kept when either fails.
import { AssumeRoleCommand, GetCallerIdentityCommand } from '@aws-sdk/client-sts';
import {
  type AwsCredentials,
  type Identity,
  type ScanOptions,
  VerificationFailed,
} from '../types.ts';
import { type AwsKeys, type AwsTarget, stsClient } from './clients.ts';

const SESSION_NAME = 'netguard-cloud-scan';

/** Temporary keys of a role, assumed with the given keys. */
export async function assumeRole(
  target: AwsTarget,
  region: string,
  role: { roleArn: string; externalId?: string },
  abortSignal?: AbortSignal,
): Promise<AwsKeys> {
  const sts = stsClient(target, region);
  try {
    const r = await sts.send(
      new AssumeRoleCommand({
        RoleArn: role.roleArn,
        RoleSessionName: SESSION_NAME,
        ...(role.externalId ? { ExternalId: role.externalId } : {}),
      }),
      { abortSignal },
    );
    const c = r.Credentials;
    if (!c?.AccessKeyId || !c.SecretAccessKey)
      throw new Error(`AssumeRole of ${role.roleArn} returned no credentials`);
    return {
      accessKeyId: c.AccessKeyId,
      secretAccessKey: c.SecretAccessKey,
      sessionToken: c.SessionToken,
    };
  } finally {
    sts.destroy();
  }
}

/** Who the keys are: account id and ARN. */
export async function callerIdentity(
  target: AwsTarget,
  region: string,
  abortSignal?: AbortSignal,
): Promise<Identity> {
  const sts = stsClient(target, region);
  try {
    const r = await sts.send(new GetCallerIdentityCommand({}), { abortSignal });
    return { account: r.Account ?? '', principal: r.Arn ?? '' };
  } finally {
    sts.destroy();
  }
}

const reason = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/** The target a scan of these credentials uses: the role's keys when a role is set. */
export async function targetOf(
  credentials: AwsCredentials,
  signal?: AbortSignal,
): Promise<AwsTarget> {
  const base: AwsTarget = { keys: credentials, endpoint: credentials.endpoint };
  if (!credentials.roleArn) return base;
  try {
    const keys = await assumeRole(
      base,
      credentials.region,
      { roleArn: credentials.roleArn, externalId: credentials.externalId },
      signal,
    );
    return { ...base, keys };
  } catch (error) {
    throw new VerificationFailed(reason(error));
  }
}

export async function verifyAws(
  credentials: AwsCredentials,
  options: ScanOptions = {},
): Promise<Identity> {
  const target = await targetOf(credentials, options.signal);
  try {
    return await callerIdentity(target, credentials.region, options.signal);
  } catch (error) {
    throw new VerificationFailed(reason(error));
  }
}
