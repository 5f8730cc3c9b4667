// Cloud Storage buckets: public IAM members, uniform access, versioning, retention, usage logs and
// soft delete.
import { failingOver } from '../../shared/failing.ts';
import type { CheckFn, Draft } from '../../shared/run-scan.ts';
import type { BucketState, GcpData } from '../collect.ts';

export const PUBLIC_MEMBERS = new Set(['allUsers', 'allAuthenticatedUsers']);

const draft = (
  { bucket }: BucketState,
  detail: string,
  evidence: Record<string, unknown>,
): Draft => ({
  resourceId: bucket.selfLink ?? `gs://${bucket.name}`,
  region: bucket.location?.toLowerCase() ?? 'global',
  detail,
  evidence,
  ...(bucket.labels ? { tags: bucket.labels } : {}),
});

const flagged = failingOver((data: GcpData) => data.buckets, draft);

const publicBindings = (s: BucketState) =>
  (s.policy?.bindings ?? [])
    .map((b) => ({ role: b.role, members: (b.members ?? []).filter((m) => PUBLIC_MEMBERS.has(m)) }))
    .filter((b) => b.members.length);

export const storageChecks: Record<string, CheckFn<GcpData>> = {
  gcp_bucket_public: flagged(
    (s) => publicBindings(s).length > 0,
    (s) =>
      `Bucket ${s.bucket.name} grants ${publicBindings(s)
        .map((b) => `${b.role} to ${b.members.join(', ')}`)
        .join('; ')}.`,
    (s) => ({ bindings: publicBindings(s) }),
  ),
  gcp_bucket_uniform_access_off: flagged(
    (s) => s.bucket.iamConfiguration?.uniformBucketLevelAccess?.enabled !== true,
    (s) => `Bucket ${s.bucket.name} does not use uniform bucket-level access.`,
    () => ({ uniformBucketLevelAccess: false }),
  ),
  gcp_bucket_versioning_off: flagged(
    (s) => s.bucket.versioning?.enabled !== true,
    (s) => `Bucket ${s.bucket.name} has versioning off.`,
    () => ({ versioning: false }),
  ),
  gcp_bucket_no_retention: flagged(
    (s) => !Number(s.bucket.retentionPolicy?.retentionPeriod ?? 0),
    (s) => `Bucket ${s.bucket.name} has no retention policy.`,
    () => ({ retentionPolicy: null }),
  ),
  gcp_bucket_logging_off: flagged(
    (s) => !s.bucket.logging?.logBucket,
    (s) => `Bucket ${s.bucket.name} writes no usage logs.`,
    () => ({ logging: null }),
  ),
  gcp_bucket_soft_delete_off: flagged(
    (s) => !Number(s.bucket.softDeletePolicy?.retentionDurationSeconds ?? 0),
    (s) => `Bucket ${s.bucket.name} has no soft delete retention.`,
    (s) => ({
      retentionDurationSeconds: s.bucket.softDeletePolicy?.retentionDurationSeconds ?? null,
    }),
  ),
};
