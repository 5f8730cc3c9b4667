// aws-s3-public-access-block: turns on all four S3 Block Public Access settings of a bucket or of
// the account; rollback puts the captured configuration back, or deletes it when there was none.
import {
  DeletePublicAccessBlockCommand,
  GetPublicAccessBlockCommand,
  type PublicAccessBlockConfiguration,
  PutPublicAccessBlockCommand,
} from '@aws-sdk/client-s3';
import {
  DeletePublicAccessBlockCommand as DeleteAccountBlock,
  GetPublicAccessBlockCommand as GetAccountBlock,
  PutPublicAccessBlockCommand as PutAccountBlock,
} from '@aws-sdk/client-s3-control';
import { s3Client, s3ControlClient } from '@netguard/cloud';
import { RemediationError } from '../execution.ts';
import { type AwsSession, regionOf, using } from './aws-session.ts';
import type { ApiCall, CloudHandler } from './types.ts';

const BLOCK_ALL: PublicAccessBlockConfiguration = {
  BlockPublicAcls: true,
  IgnorePublicAcls: true,
  BlockPublicPolicy: true,
  RestrictPublicBuckets: true,
};

/** The bucket (`arn:aws:s3:::name`) or the account (`arn:aws:iam::<id>:root`) a finding names. */
function scopeOf(resourceId: string): { Bucket: string } | { AccountId: string } {
  const bucket = /^arn:aws:s3:::([^/]+)$/.exec(resourceId)?.[1];
  if (bucket) return { Bucket: bucket };
  const account = /^arn:aws:iam::(\d{12}):root$/.exec(resourceId)?.[1];
  if (account) return { AccountId: account };
  throw new RemediationError('missing_parameter', `${resourceId} names no bucket or account`);
}

const service = (scope: object) => ('Bucket' in scope ? 's3' : 's3control');

/** No configuration at all reads as null, as the scanner sees it. */
const absent = (error: unknown) => {
  if ((error as { name?: string }).name === 'NoSuchPublicAccessBlockConfiguration') return null;
  throw error;
};

async function read(session: AwsSession, scope: object, region: string) {
  return session.step(`${service(scope)}:GetPublicAccessBlock`, () =>
    'Bucket' in scope
      ? using(
          session,
          (t) => s3Client(t, region),
          (s3) => s3.send(new GetPublicAccessBlockCommand(scope as { Bucket: string })),
        ).then((r) => r.PublicAccessBlockConfiguration ?? null, absent)
      : using(
          session,
          (t) => s3ControlClient(t, region),
          (control) => control.send(new GetAccountBlock(scope as { AccountId: string })),
        ).then((r) => r.PublicAccessBlockConfiguration ?? null, absent),
  );
}

async function send(session: AwsSession, call: ApiCall, region: string) {
  const p = call.params as never;
  const put = call.call.endsWith(':PutPublicAccessBlock');
  if (call.call.startsWith('s3:'))
    await using(
      session,
      (t) => s3Client(t, region),
      (s3) =>
        put
          ? s3.send(new PutPublicAccessBlockCommand(p))
          : s3.send(new DeletePublicAccessBlockCommand(p)),
    );
  else
    await using(
      session,
      (t) => s3ControlClient(t, region),
      (control) =>
        put ? control.send(new PutAccountBlock(p)) : control.send(new DeleteAccountBlock(p)),
    );
  return undefined;
}

const sameSettings = (a: PublicAccessBlockConfiguration | null) =>
  a !== null && Object.entries(BLOCK_ALL).every(([k, v]) => a[k as keyof typeof a] === v);

export const awsS3PublicAccessBlock: CloudHandler<'aws'> = {
  provider: 'aws',
  async plan(session, finding) {
    const scope = scopeOf(finding.resourceId);
    const region = regionOf(session, finding);
    const configuration = await read(session, scope, region);
    const resource = (c: PublicAccessBlockConfiguration | null) => ({
      ...scope,
      PublicAccessBlockConfiguration: c,
    });
    return {
      target: finding.resourceId,
      before: resource(configuration),
      after: resource(BLOCK_ALL),
      calls: sameSettings(configuration)
        ? []
        : [
            {
              call: `${service(scope)}:PutPublicAccessBlock`,
              params: { ...scope, PublicAccessBlockConfiguration: BLOCK_ALL },
            },
          ],
      captured: { region, scope, configuration },
    };
  },
  async restore(_session, captured) {
    const scope = captured.scope as object;
    const configuration = captured.configuration as PublicAccessBlockConfiguration | null;
    return configuration
      ? [
          {
            call: `${service(scope)}:PutPublicAccessBlock`,
            params: { ...scope, PublicAccessBlockConfiguration: configuration },
          },
        ]
      : [{ call: `${service(scope)}:DeletePublicAccessBlock`, params: { ...scope } }];
  },
  send: (session, call, captured) => send(session, call, String(captured.region)),
};
