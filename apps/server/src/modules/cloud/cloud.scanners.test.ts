import { AWS_CHECKS, AZURE_CHECKS, GCP_CHECKS, SERVICE_SCAN_CHECKS } from '@netguard/cloud';
import { describe, expect, it } from 'vitest';
import { checksOf } from './cloud.scanners.ts';

const CHECKS = { aws: AWS_CHECKS, azure: AZURE_CHECKS, gcp: GCP_CHECKS };

describe("the spec's service scans", () => {
  it('run the checks the library names for each service, and only checks the scanner has', () => {
    for (const provider of ['aws', 'azure', 'gcp'] as const)
      for (const [service, ids] of Object.entries(SERVICE_SCAN_CHECKS[provider])) {
        expect(ids.length, `${provider} ${service}`).toBeGreaterThan(0);
        expect(checksOf(CHECKS[provider], provider, service)).toEqual(ids);
      }
    expect(checksOf(AWS_CHECKS.slice(0, 1), 'aws', 'iam')).toEqual([]);
  });

  it('runs every check without a service, and none for an unknown one', () => {
    expect(checksOf(AWS_CHECKS, 'aws', null)).toHaveLength(AWS_CHECKS.length);
    expect(checksOf(AWS_CHECKS, 'aws', 'key-vault')).toEqual([]);
    expect(checksOf(AWS_CHECKS, 'aws', 'constructor')).toEqual([]);
  });
});
