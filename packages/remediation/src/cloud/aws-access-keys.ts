// aws-deactivate-old-keys: sets the old access key a finding names (`<user arn>/access_key_<n>`,
// a credential-report slot) Inactive; rollback sets the captured status again.
import {
  type AccessKeyMetadata,
  ListAccessKeysCommand,
  UpdateAccessKeyCommand,
} from '@aws-sdk/client-iam';
import { iamClient } from '@netguard/cloud';
import { RemediationError } from '../execution.ts';
import { type AwsSession, using } from './aws-session.ts';
import type { ApiCall, CloudFinding, CloudHandler } from './types.ts';

const UPDATE = 'iam:UpdateAccessKey';
const DAY_MS = 86_400_000;

/** The user name (the ARN's last path segment) and the credential report's key slot. */
function keyOf(finding: CloudFinding): { userName: string; slot: number } {
  const match = /^arn:aws:iam::\d{12}:user\/(?:.*\/)?([^/]+)\/access_key_([12])$/.exec(
    finding.resourceId,
  );
  if (!match)
    throw new RemediationError('missing_parameter', `${finding.resourceId} names no access key`);
  return { userName: match[1] as string, slot: Number(match[2]) };
}

/**
 * The key in the slot: the one created when the report says the slot's key was last rotated,
 * else the slot's place among the user's keys by creation date.
 */
function pick(keys: AccessKeyMetadata[], slot: number, rotated: unknown) {
  const at = typeof rotated === 'string' ? Date.parse(rotated) : Number.NaN;
  const byDate = keys.find((k) => k.CreateDate && Math.abs(k.CreateDate.getTime() - at) < 1000);
  const ordered = [...keys].sort(
    (a, b) => (a.CreateDate?.getTime() ?? 0) - (b.CreateDate?.getTime() ?? 0),
  );
  return byDate ?? ordered[slot - 1];
}

const send = (session: AwsSession, call: ApiCall) =>
  using(
    session,
    (t) => iamClient(t, session.credentials.region),
    async (iam) => {
      await iam.send(new UpdateAccessKeyCommand(call.params as never));
      return undefined;
    },
  );

export const awsDeactivateOldKeys: CloudHandler<'aws'> = {
  provider: 'aws',
  async plan(session, finding) {
    const { userName, slot } = keyOf(finding);
    const keys = await session.step('iam:ListAccessKeys', () =>
      using(
        session,
        (t) => iamClient(t, session.credentials.region),
        (iam) => iam.send(new ListAccessKeysCommand({ UserName: userName })),
      ).then((r) => r.AccessKeyMetadata ?? []),
    );
    const key = pick(keys, slot, finding.details?.lastRotated);
    if (!key?.AccessKeyId)
      throw new RemediationError(
        'missing_parameter',
        `IAM user ${userName} has no access key in slot ${slot}`,
        session.log,
      );
    const resource = (Status: string | undefined) => ({
      UserName: userName,
      AccessKeyId: key.AccessKeyId,
      Status,
      CreateDate: key.CreateDate?.toISOString(),
      AgeDays: key.CreateDate
        ? Math.floor((session.now().getTime() - key.CreateDate.getTime()) / DAY_MS)
        : undefined,
    });
    return {
      target: finding.resourceId,
      before: resource(key.Status),
      after: resource('Inactive'),
      calls:
        key.Status === 'Inactive'
          ? []
          : [
              {
                call: UPDATE,
                params: { UserName: userName, AccessKeyId: key.AccessKeyId, Status: 'Inactive' },
              },
            ],
      captured: { userName, accessKeyId: key.AccessKeyId, status: key.Status },
    };
  },
  async restore(_session, captured) {
    return [
      {
        call: UPDATE,
        params: {
          UserName: captured.userName,
          AccessKeyId: captured.accessKeyId,
          Status: captured.status,
        },
      },
    ];
  },
  send: (session, call) => send(session, call),
};
