import { describe, expect, it } from 'vitest';
import { AWS_CHECKS, awsCheckIds } from '../../../../../packages/cloud/src/catalog/aws.ts';
import {
  AZURE_CHECKS,
  AZURE_SCAN_SERVICES,
} from '../../../../../packages/cloud/src/catalog/azure.ts';
import { GCP_CHECKS, GCP_SCAN_SERVICES } from '../../../../../packages/cloud/src/catalog/gcp.ts';
import { checksOf } from './cloud.scanners.ts';

const sorted = (ids: readonly string[]) => [...ids].sort();

describe("the spec's service scans", () => {
  it('run the checks each provider module names for them', () => {
    const aws = {
      ec2: 'security_groups',
      s3: 'bucket_permissions',
      iam: 'policy_analysis',
    } as const;
    for (const [service, scanType] of Object.entries(aws))
      expect(sorted(checksOf(AWS_CHECKS, 'aws', service)), service).toEqual(
        sorted(awsCheckIds({ service, scanType })),
      );
    for (const [service, { checks }] of Object.entries(AZURE_SCAN_SERVICES))
      expect(sorted(checksOf(AZURE_CHECKS, 'azure', service)), service).toEqual(sorted(checks));
    for (const [service, { checks }] of Object.entries(GCP_SCAN_SERVICES))
      expect(sorted(checksOf(GCP_CHECKS, 'gcp', service)), service).toEqual(sorted(checks));
  });

  it('runs every check without a service, and none for an unknown one', () => {
    expect(checksOf(AWS_CHECKS, 'aws', null)).toHaveLength(AWS_CHECKS.length);
    expect(checksOf(AWS_CHECKS, 'aws', 'key-vault')).toEqual([]);
  });
});
