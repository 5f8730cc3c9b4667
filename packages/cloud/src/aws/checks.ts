// Every AWS check's code, by id; `runChecks` turns their hits into findings.
import { AWS_CHECKS } from '../catalog/aws.ts';
import type { Finding } from '../types.ts';
import type { AwsCheck } from './check.ts';
import { CLOUDTRAIL_CHECKS } from './checks-cloudtrail.ts';
import { DETECTION_CHECKS } from './checks-detection.ts';
import { IAM_CHECKS } from './checks-iam.ts';
import { IAM_ACCESS_CHECKS } from './checks-iam-access.ts';
import { INSTANCE_CHECKS } from './checks-instances.ts';
import { KEY_CHECKS } from './checks-keys.ts';
import { LAMBDA_CHECKS } from './checks-lambda.ts';
import { MESSAGING_CHECKS } from './checks-messaging.ts';
import { NACL_CHECKS } from './checks-nacl.ts';
import { NETWORK_CHECKS } from './checks-network.ts';
import { PLATFORM_CHECKS } from './checks-platform.ts';
import { RDS_CHECKS } from './checks-rds.ts';
import { S3_CHECKS } from './checks-s3.ts';
import { STORAGE_CHECKS } from './checks-storage.ts';
import type { AwsInventory } from './inventory.ts';

export const AWS_CHECK_CODE: ReadonlyMap<string, AwsCheck> = new Map(
  [
    ...NETWORK_CHECKS,
    ...NACL_CHECKS,
    ...INSTANCE_CHECKS,
    ...S3_CHECKS,
    ...STORAGE_CHECKS,
    ...RDS_CHECKS,
    ...IAM_CHECKS,
    ...IAM_ACCESS_CHECKS,
    ...CLOUDTRAIL_CHECKS,
    ...DETECTION_CHECKS,
    ...KEY_CHECKS,
    ...MESSAGING_CHECKS,
    ...LAMBDA_CHECKS,
    ...PLATFORM_CHECKS,
  ].map((c) => [c.id, c]),
);

/**
 * Runs the selected checks on collected data, one resource type at a time; `onTypeDone` hears
 * each type once all of its selected checks have run.
 */
export function runChecks(
  inventory: AwsInventory,
  selected: readonly string[],
  onTypeDone?: (resourceType: string) => void,
): Finding[] {
  const metas = AWS_CHECKS.filter((meta) => selected.includes(meta.id));
  const types = [...new Set(metas.map((meta) => meta.resourceType))];
  return types.flatMap((type) => {
    const findings = metas
      .filter((meta) => meta.resourceType === type)
      .flatMap((meta) =>
        (AWS_CHECK_CODE.get(meta.id)?.evaluate(inventory) ?? []).map((hit) => ({
          checkId: meta.id,
          provider: 'aws' as const,
          account: inventory.account,
          resourceType: meta.resourceType,
          ...hit,
        })),
      );
    onTypeDone?.(type);
    return findings;
  });
}
