// The spec's aws-security-scan function: one service (ec2, s3, iam), one scan type, one region.
import { type AwsScanType, awsCheckIds } from '../catalog/aws.ts';
import type { AwsCredentials, ScanOptions, ScanResult } from '../types.ts';
import { awsScanner } from './scanner.ts';

export type AwsSecurityScanRequest = {
  service: 'ec2' | 's3' | 'iam';
  scanType?: AwsScanType;
  /** The region of an ec2 scan (default: the credentials' region). */
  region?: string;
};

/**
 * Runs the checks of one service and scan type only.
 * @example awsSecurityScan(credentials, { service: 'ec2', scanType: 'security_groups', region: 'eu-west-1' })
 */
export function awsSecurityScan(
  credentials: AwsCredentials,
  request: AwsSecurityScanRequest,
  options: ScanOptions = {},
): Promise<ScanResult[]> {
  const checks = awsCheckIds(request);
  // An empty list would mean "every check": a scan type of another service is a mistake.
  if (!checks.length)
    throw new RangeError(
      `Scan type ${request.scanType} does not belong to service ${request.service}`,
    );
  return awsScanner.scan(credentials, {
    ...options,
    checks,
    ...(request.region ? { regions: [request.region] } : {}),
  });
}
