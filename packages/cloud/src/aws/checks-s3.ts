// S3: Block Public Access (account and bucket), public policies and ACLs, default encryption,
// versioning and server access logging.
import type { PublicAccessBlockConfiguration } from '@aws-sdk/client-s3';
import { type AwsCheck, type Hit, publicStatements, statementsOf } from './check.ts';
import type { AwsInventory, BucketInventory } from './inventory.ts';

const BLOCK_SETTINGS = [
  'BlockPublicAcls',
  'IgnorePublicAcls',
  'BlockPublicPolicy',
  'RestrictPublicBuckets',
] as const;
const PUBLIC_GROUPS = [
  'http://acs.amazonaws.com/groups/global/AllUsers',
  'http://acs.amazonaws.com/groups/global/AuthenticatedUsers',
];

/** The Block Public Access settings that are off; all four when none is configured. */
const settingsOff = (config: PublicAccessBlockConfiguration | null) =>
  BLOCK_SETTINGS.filter((s) => !config?.[s]);

const bucketArn = (name: string) => `arn:aws:s3:::${name}`;

/** A hit per bucket for which `fails` gives a detail. */
const bucketHits =
  (
    fails: (
      b: BucketInventory,
    ) => { detail: string; evidence: Record<string, unknown> } | undefined,
  ) =>
  (inv: AwsInventory): Hit[] =>
    (inv.global.buckets ?? []).flatMap((b) => {
      const failed = fails(b);
      if (!failed) return [];
      const tags = b.tags && Object.keys(b.tags).length ? b.tags : undefined;
      return [
        { region: b.region, resourceId: bucketArn(b.name), ...failed, ...(tags ? { tags } : {}) },
      ];
    });

/** A Deny statement that applies when the request did not come over TLS. */
const deniesPlainHttp = (policy: string) =>
  statementsOf(policy).some((s) => {
    const secure = (s.Condition as { Bool?: Record<string, unknown> } | undefined)?.Bool?.[
      'aws:SecureTransport'
    ];
    return s.Effect === 'Deny' && [secure].flat().some((v) => String(v) === 'false');
  });

/** The ACL grants of a bucket to everyone or every AWS user. */
export const publicGrants = (b: BucketInventory) =>
  (b.acl ?? []).filter((g) => PUBLIC_GROUPS.includes(g.Grantee?.URI ?? ''));

export const S3_CHECKS: AwsCheck[] = [
  {
    id: 'aws_s3_account_public_access_block_off',
    evaluate: (inv) => {
      const config = inv.global.accountPublicAccessBlock;
      if (config === undefined) return [];
      const off = settingsOff(config);
      if (!off.length) return [];
      return [
        {
          region: 'global',
          resourceId: `arn:aws:iam::${inv.account}:root`,
          detail: config
            ? `Account ${inv.account} has S3 Block Public Access settings off: ${off.join(', ')}.`
            : `Account ${inv.account} has no S3 Block Public Access configuration.`,
          evidence: { configuration: config, off },
        },
      ];
    },
  },
  {
    id: 'aws_s3_bucket_public_access_block_off',
    evaluate: bucketHits((b) => {
      if (b.publicAccessBlock === undefined) return undefined;
      const off = settingsOff(b.publicAccessBlock);
      if (!off.length) return undefined;
      return {
        detail: b.publicAccessBlock
          ? `Bucket ${b.name} has Block Public Access settings off: ${off.join(', ')}.`
          : `Bucket ${b.name} has no Block Public Access configuration.`,
        evidence: { configuration: b.publicAccessBlock, off },
      };
    }),
  },
  {
    id: 'aws_s3_bucket_policy_public',
    evaluate: bucketHits((b) => {
      const statements = b.policy ? publicStatements(b.policy) : [];
      if (!statements.length) return undefined;
      const actions = statements.flatMap((s) => [s.Action ?? []].flat());
      return {
        detail: `Bucket ${b.name}'s policy allows anyone (Principal "*") to ${actions.join(', ')}.`,
        evidence: { statements },
      };
    }),
  },
  {
    id: 'aws_s3_bucket_acl_public',
    evaluate: bucketHits((b) => {
      const grants = publicGrants(b);
      if (!grants.length) return undefined;
      const text = grants.map((g) => `${g.Permission} to ${g.Grantee?.URI?.split('/').pop()}`);
      return {
        detail: `Bucket ${b.name}'s ACL grants ${text.join(', ')}.`,
        evidence: { grants },
      };
    }),
  },
  {
    id: 'aws_s3_bucket_no_tls_policy',
    evaluate: bucketHits((b) => {
      if (b.policy === undefined || (b.policy && deniesPlainHttp(b.policy))) return undefined;
      return {
        detail: b.policy
          ? `Bucket ${b.name}'s policy does not deny requests made without TLS.`
          : `Bucket ${b.name} has no policy, so requests without TLS are not denied.`,
        evidence: { policy: b.policy },
      };
    }),
  },
  {
    id: 'aws_s3_bucket_no_default_encryption',
    evaluate: bucketHits((b) =>
      b.encrypted === false
        ? { detail: `Bucket ${b.name} has no default encryption.`, evidence: { encryption: null } }
        : undefined,
    ),
  },
  {
    id: 'aws_s3_bucket_versioning_off',
    evaluate: bucketHits((b) =>
      b.versioning === undefined || b.versioning === 'Enabled'
        ? undefined
        : {
            detail: `Bucket ${b.name} has versioning ${b.versioning === null ? 'never enabled' : b.versioning.toLowerCase()}.`,
            evidence: { versioning: b.versioning },
          },
    ),
  },
  {
    id: 'aws_s3_bucket_access_logging_off',
    evaluate: bucketHits((b) =>
      b.logging === false
        ? { detail: `Bucket ${b.name} writes no server access logs.`, evidence: { logging: null } }
        : undefined,
    ),
  },
];
