// CloudTrail: a logging trail exists, one of them covers every region, and each trail's logs are
// validated, KMS-encrypted and sent to CloudWatch Logs.
import type { Trail } from '@aws-sdk/client-cloudtrail';
import { type AwsCheck, type Hit, publicStatements } from './check.ts';
import { publicGrants } from './checks-s3.ts';
import type { AwsInventory } from './inventory.ts';

type SeenTrail = { trail: Trail; logging: boolean | undefined };

/** Each trail once (a multi-region trail is listed in every region), or undefined if none was read. */
function trailsOf(inv: AwsInventory): SeenTrail[] | undefined {
  const read = inv.regions.filter((r) => r.trails);
  if (!read.length) return undefined;
  const byArn = new Map<string, SeenTrail>();
  for (const seen of read.flatMap((r) => r.trails ?? []))
    byArn.set(seen.trail.TrailARN ?? '', seen);
  return [...byArn.values()];
}

const accountHit = (inv: AwsInventory, detail: string, evidence: Record<string, unknown>): Hit => ({
  region: 'global',
  resourceId: `arn:aws:cloudtrail:${inv.regions[0]?.region}:${inv.account}:trail`,
  detail,
  evidence,
});

/** A hit per trail (each once) that lacks a setting. */
const trailsLacking =
  (
    lacks: (t: Trail) => boolean,
    detail: (t: Trail) => string,
    evidence: (t: Trail) => Record<string, unknown>,
  ) =>
  (inv: AwsInventory): Hit[] =>
    (trailsOf(inv) ?? [])
      .filter(({ trail }) => lacks(trail))
      .map(({ trail }) => ({
        region: trail.HomeRegion ?? 'global',
        resourceId: trail.TrailARN ?? trail.Name ?? '',
        detail: detail(trail),
        evidence: evidence(trail),
      }));

export const CLOUDTRAIL_CHECKS: AwsCheck[] = [
  {
    id: 'aws_cloudtrail_bucket_public',
    evaluate: (inv) =>
      (trailsOf(inv) ?? []).flatMap(({ trail }) => {
        // A log bucket of another account is not in this inventory: no verdict.
        const bucket = inv.global.buckets?.find((b) => b.name === trail.S3BucketName);
        if (!bucket) return [];
        const statements = bucket.policy ? publicStatements(bucket.policy) : [];
        const grants = publicGrants(bucket);
        if (!statements.length && !grants.length) return [];
        return [
          {
            region: trail.HomeRegion ?? 'global',
            resourceId: trail.TrailARN ?? trail.Name ?? '',
            detail: `Trail ${trail.Name} writes to bucket ${bucket.name}, which ${statements.length ? 'a policy' : 'an ACL'} opens to everyone.`,
            evidence: { bucket: bucket.name, statements, grants },
          },
        ];
      }),
  },
  {
    id: 'aws_cloudtrail_no_trail',
    evaluate: (inv) => {
      const trails = trailsOf(inv);
      // A trail whose status could not be read may be logging: no verdict (the gap says why).
      if (!trails || trails.some((t) => t.logging !== false)) return [];
      const regions = inv.regions.filter((r) => r.trails).map((r) => r.region);
      return [
        accountHit(inv, `No CloudTrail trail is logging in ${regions.join(', ')}.`, {
          trails: trails.map((t) => ({ name: t.trail.Name, logging: t.logging })),
          regions,
        }),
      ];
    },
  },
  {
    id: 'aws_cloudtrail_multi_region_off',
    evaluate: (inv) => {
      const trails = trailsOf(inv) ?? [];
      const logging = trails.filter((t) => t.logging);
      if (trails.some((t) => t.logging === undefined && t.trail.IsMultiRegionTrail)) return [];
      if (!logging.length || logging.some((t) => t.trail.IsMultiRegionTrail)) return [];
      return [
        accountHit(
          inv,
          `None of the logging trails (${logging.map((t) => t.trail.Name).join(', ')}) covers every region.`,
          { trails: logging.map((t) => t.trail.Name) },
        ),
      ];
    },
  },
  {
    id: 'aws_cloudtrail_log_validation_off',
    evaluate: trailsLacking(
      (t) => !t.LogFileValidationEnabled,
      (t) => `Trail ${t.Name} does not validate its log files.`,
      (t) => ({ logFileValidationEnabled: false, s3Bucket: t.S3BucketName }),
    ),
  },
  {
    id: 'aws_cloudtrail_kms_off',
    evaluate: trailsLacking(
      (t) => !t.KmsKeyId,
      (t) => `Trail ${t.Name} does not encrypt its logs with a KMS key.`,
      (t) => ({ kmsKeyId: null, s3Bucket: t.S3BucketName }),
    ),
  },
  {
    id: 'aws_cloudtrail_cloudwatch_off',
    evaluate: trailsLacking(
      (t) => !t.CloudWatchLogsLogGroupArn,
      (t) => `Trail ${t.Name} sends no events to CloudWatch Logs.`,
      (t) => ({ cloudWatchLogsLogGroupArn: null, s3Bucket: t.S3BucketName }),
    ),
  },
];
