// Every AWS check's metadata, as data. Scans, the SARIF and OCSF writers and compliance evidence
// read it from here.
import type { CheckMeta } from '../types.ts';
import { AWS_COMPUTE_CHECKS } from './aws-compute.ts';
import { AWS_DATA_SERVICE_CHECKS } from './aws-data-services.ts';
import { AWS_DATABASE_CHECKS } from './aws-databases.ts';
import { AWS_DETECTION_CHECKS } from './aws-detection.ts';
import { AWS_IAM_ACCESS_CHECKS } from './aws-iam-access.ts';
import { AWS_IDENTITY_CHECKS } from './aws-identity.ts';
import { AWS_LOGGING_CHECKS } from './aws-logging.ts';
import { AWS_NETWORK_CHECKS } from './aws-network.ts';
import { AWS_PLATFORM_CHECKS } from './aws-platform.ts';
import { AWS_STORAGE_CHECKS } from './aws-storage.ts';

export const AWS_CHECKS: CheckMeta[] = [
  ...AWS_NETWORK_CHECKS,
  ...AWS_COMPUTE_CHECKS,
  ...AWS_STORAGE_CHECKS,
  ...AWS_DATABASE_CHECKS,
  ...AWS_IDENTITY_CHECKS,
  ...AWS_IAM_ACCESS_CHECKS,
  ...AWS_LOGGING_CHECKS,
  ...AWS_DETECTION_CHECKS,
  ...AWS_DATA_SERVICE_CHECKS,
  ...AWS_PLATFORM_CHECKS,
];

/** The spec's aws-security-scan function: one service, one scan type. */
export const AWS_SCAN_TYPES = {
  security_groups: { service: 'ec2', resourceType: 'ec2_security_group' },
  bucket_permissions: { service: 's3', resourceType: undefined },
  policy_analysis: { service: 'iam', resourceType: undefined },
} as const;

export type AwsScanType = keyof typeof AWS_SCAN_TYPES;

/**
 * The check ids of one service (`ec2`, `s3`, `iam`, `rds`, `cloudtrail`), optionally narrowed to
 * one of the spec's scan types; pass them as `options.checks`.
 * @example awsCheckIds({ service: 'ec2', scanType: 'security_groups' })
 */
export function awsCheckIds(filter: { service?: string; scanType?: AwsScanType }): string[] {
  const type = filter.scanType ? AWS_SCAN_TYPES[filter.scanType] : undefined;
  const service = filter.service ?? type?.service;
  return AWS_CHECKS.filter(
    (c) =>
      (!service || c.service === service) &&
      (!type?.resourceType || c.resourceType === type.resourceType),
  ).map((c) => c.id);
}
