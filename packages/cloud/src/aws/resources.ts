// How many resources of each catalog resource type an AWS scan collected (its progress), from the
// parts of one region's inventory and from the account's global services.
import type { GlobalInventory, RegionInventory } from './inventory.ts';

const ROOT = '<root_account>';
const KEY_SLOTS = ['1', '2'];

const count = (items: unknown[] | undefined) => items?.length ?? 0;

/** The resources in (a part of) one region's inventory, by resource type. */
export const regionResources = (r: Partial<RegionInventory>): Record<string, number> => ({
  ec2_security_group: count(r.securityGroups),
  ec2_instance: count(r.instances),
  ebs_volume: count(r.volumes),
  ebs_snapshot: count(r.snapshots),
  ec2_image: count(r.images),
  vpc: count(r.vpcs),
  network_acl: count(r.networkAcls),
  rds_instance: count(r.dbInstances),
  rds_snapshot: count(r.dbSnapshots),
  cloudtrail_trail: count(r.trails),
  kms_key: count(r.kmsKeys),
  secret: count(r.secrets),
  sns_topic: count(r.topics),
  sqs_queue: count(r.queues),
  lambda_function: count(r.functions),
  dynamodb_table: count(r.tables),
  efs_file_system: count(r.fileSystems),
  ecr_repository: count(r.repositories),
  log_group: count(r.logGroups),
  load_balancer: count(r.loadBalancers),
  elb_listener: (r.loadBalancers ?? []).reduce((sum, lb) => sum + count(lb.listeners), 0),
});

/** The resources of the account's global services (S3, IAM), by resource type. */
export function globalResources(g: Partial<GlobalInventory>): Record<string, number> {
  const rows = (g.credentialReport ?? []).filter((row) => row.user !== ROOT);
  const principals = g.authorization?.principals ?? [];
  return {
    s3_bucket: count(g.buckets),
    iam_user: Math.max(count(g.users), rows.length),
    iam_access_key: rows.reduce(
      (sum, row) => sum + KEY_SLOTS.filter((n) => row[`access_key_${n}_active`] === 'true').length,
      0,
    ),
    iam_policy: count(g.policies),
    iam_principal: principals.length,
    iam_role: principals.filter((p) => p.kind === 'role').length,
  };
}

/** Adds the counts of `more` into `into`. */
export function addCounts(into: Record<string, number>, more: Record<string, number>) {
  for (const [type, n] of Object.entries(more)) into[type] = (into[type] ?? 0) + n;
  return into;
}
