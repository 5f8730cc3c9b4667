// The SDK clients of one AWS account and region. Every client gets the same endpoint when one is
// set (moto_server in the tests) and makes a single attempt per call: the call recorder retries
// and counts attempts itself.
import { CloudTrailClient } from '@aws-sdk/client-cloudtrail';
import { EC2Client } from '@aws-sdk/client-ec2';
import { IAMClient } from '@aws-sdk/client-iam';
import { OrganizationsClient } from '@aws-sdk/client-organizations';
import { RDSClient } from '@aws-sdk/client-rds';
import { S3Client } from '@aws-sdk/client-s3';
import { S3ControlClient } from '@aws-sdk/client-s3-control';
import { STSClient } from '@aws-sdk/client-sts';
import type { AwsCredentials } from '../types.ts';

/** Static keys, as the SDK takes them. */
export type AwsKeys = Pick<AwsCredentials, 'accessKeyId' | 'secretAccessKey' | 'sessionToken'>;

/** What every client of a scan is built from. */
export type AwsTarget = { keys: AwsKeys; endpoint?: string };

function configOf(target: AwsTarget, region: string) {
  const { accessKeyId, secretAccessKey, sessionToken } = target.keys;
  return {
    region,
    maxAttempts: 1,
    credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) },
    ...(target.endpoint ? { endpoint: target.endpoint } : {}),
  };
}

/** Any SDK client of the account and region, configured as every other client of the scan. */
export const awsClient = <C>(
  Client: new (config: ReturnType<typeof configOf>) => C,
  t: AwsTarget,
  region: string,
): C => new Client(configOf(t, region));

export const stsClient = (t: AwsTarget, region: string) => new STSClient(configOf(t, region));
export const ec2Client = (t: AwsTarget, region: string) => new EC2Client(configOf(t, region));
export const rdsClient = (t: AwsTarget, region: string) => new RDSClient(configOf(t, region));
export const iamClient = (t: AwsTarget, region: string) => new IAMClient(configOf(t, region));
export const organizationsClient = (t: AwsTarget, region: string) =>
  new OrganizationsClient(configOf(t, region));
export const cloudTrailClient = (t: AwsTarget, region: string) =>
  new CloudTrailClient(configOf(t, region));

/** Path-style addressing when an endpoint is set; buckets in other regions are followed. */
export const s3Client = (t: AwsTarget, region: string) =>
  new S3Client({
    ...configOf(t, region),
    forcePathStyle: Boolean(t.endpoint),
    followRegionRedirects: true,
  });

/**
 * S3 Control puts the account id in front of the host on AWS; a single test endpoint (an IP
 * address) cannot take it, so there the endpoint is used as it is.
 */
export const s3ControlClient = (t: AwsTarget, region: string) => {
  const endpoint = t.endpoint;
  return new S3ControlClient({
    ...configOf(t, region),
    ...(endpoint ? { endpointProvider: () => ({ url: new URL(endpoint) }) } : {}),
  });
};
