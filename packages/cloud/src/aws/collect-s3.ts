// Collects the account's S3 state: the account-level Block Public Access settings and, per bucket,
// its Block Public Access, policy, ACL, default encryption, versioning, logging and tags.
import {
  GetBucketAclCommand,
  GetBucketEncryptionCommand,
  GetBucketLoggingCommand,
  GetBucketPolicyCommand,
  GetBucketTaggingCommand,
  GetBucketVersioningCommand,
  GetPublicAccessBlockCommand,
  ListBucketsCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { GetPublicAccessBlockCommand as GetAccountPublicAccessBlock } from '@aws-sdk/client-s3-control';
import { AWS_STORAGE_CHECKS } from '../catalog/aws-storage.ts';
import {
  absentOn,
  type CollectContext,
  collect,
  collectPages,
  mapLimit,
  type SpecOf,
  specsOf,
} from './calling.ts';
import { s3Client, s3ControlClient } from './clients.ts';
import type { BucketInventory, GlobalInventory } from './inventory.ts';

const BUCKET_CHECKS = AWS_STORAGE_CHECKS.filter((c) => c.resourceType === 's3_bucket').map(
  (c) => c.id,
);
/** Checks of other services that read buckets: a trail's log bucket must not be public. */
const TRAIL_BUCKET = 'aws_cloudtrail_bucket_public';
const check = (...suffixes: string[]) => suffixes.map((s) => `aws_s3_bucket_${s}`);

export async function collectS3(ctx: CollectContext, region: string): Promise<GlobalInventory> {
  const s3 = s3Client(ctx.target, region);
  const control = s3ControlClient(ctx.target, region);
  const spec = specsOf('s3', region);
  try {
    const [accountPublicAccessBlock, buckets] = await Promise.all([
      collect(
        ctx,
        specsOf('s3control', region)('GetPublicAccessBlock', [
          'aws_s3_account_public_access_block_off',
        ]),
        (abortSignal) =>
          control
            .send(new GetAccountPublicAccessBlock({ AccountId: ctx.account }), { abortSignal })
            .then(
              (r) => r.PublicAccessBlockConfiguration ?? null,
              absentOn('NoSuchPublicAccessBlockConfiguration'),
            ),
      ),
      collectBuckets(ctx, s3, spec, region),
    ]);
    return { accountPublicAccessBlock, buckets };
  } finally {
    s3.destroy();
    control.destroy();
  }
}

/** Every bucket, each with its settings read. */
async function collectBuckets(ctx: CollectContext, s3: S3Client, spec: SpecOf, region: string) {
  const listed = await collectPages(
    ctx,
    spec('ListBuckets', [...BUCKET_CHECKS, TRAIL_BUCKET]),
    async (ContinuationToken, abortSignal) => {
      const r = await s3.send(new ListBucketsCommand({ ContinuationToken }), { abortSignal });
      return {
        items: (r.Buckets ?? []).map((b) => ({
          name: b.Name ?? '',
          region: b.BucketRegion ?? region,
        })),
        next: r.ContinuationToken,
      };
    },
  );
  return listed && mapLimit(listed, ctx.concurrency, (b) => collectBucket(ctx, s3, spec, b));
}

async function collectBucket(
  ctx: CollectContext,
  s3: S3Client,
  spec: SpecOf,
  bucket: { name: string; region: string },
): Promise<BucketInventory> {
  const Bucket = bucket.name;
  const [publicAccessBlock, policy, acl, encrypted, versioning, logging, tags] = await Promise.all([
    collect(ctx, spec('GetPublicAccessBlock', check('public_access_block_off')), (abortSignal) =>
      s3
        .send(new GetPublicAccessBlockCommand({ Bucket }), { abortSignal })
        .then(
          (r) => r.PublicAccessBlockConfiguration ?? null,
          absentOn('NoSuchPublicAccessBlockConfiguration'),
        ),
    ),
    collect(
      ctx,
      spec('GetBucketPolicy', [...check('policy_public', 'no_tls_policy'), TRAIL_BUCKET]),
      (abortSignal) =>
        s3
          .send(new GetBucketPolicyCommand({ Bucket }), { abortSignal })
          .then((r) => r.Policy ?? null, absentOn('NoSuchBucketPolicy')),
    ),
    collect(ctx, spec('GetBucketAcl', [...check('acl_public'), TRAIL_BUCKET]), (abortSignal) =>
      s3.send(new GetBucketAclCommand({ Bucket }), { abortSignal }).then((r) => r.Grants ?? []),
    ),
    collect(ctx, spec('GetBucketEncryption', check('no_default_encryption')), (abortSignal) =>
      s3.send(new GetBucketEncryptionCommand({ Bucket }), { abortSignal }).then(
        (r) => Boolean(r.ServerSideEncryptionConfiguration?.Rules?.length),
        (e) => absentOn('ServerSideEncryptionConfigurationNotFoundError')(e) ?? false,
      ),
    ),
    collect(ctx, spec('GetBucketVersioning', check('versioning_off')), (abortSignal) =>
      s3
        .send(new GetBucketVersioningCommand({ Bucket }), { abortSignal })
        .then((r) => r.Status ?? null),
    ),
    collect(ctx, spec('GetBucketLogging', check('access_logging_off')), (abortSignal) =>
      s3
        .send(new GetBucketLoggingCommand({ Bucket }), { abortSignal })
        .then((r) => Boolean(r.LoggingEnabled)),
    ),
    // Tags only label the findings of the bucket's checks.
    collect(ctx, spec('GetBucketTagging', BUCKET_CHECKS), (abortSignal) =>
      s3.send(new GetBucketTaggingCommand({ Bucket }), { abortSignal }).then(
        (r) => Object.fromEntries((r.TagSet ?? []).map((t) => [t.Key ?? '', t.Value ?? ''])),
        (e) => absentOn('NoSuchTagSet')(e) ?? {},
      ),
    ),
  ]);
  return { ...bucket, publicAccessBlock, policy, acl, encrypted, versioning, logging, tags };
}
