// The spec's one-service scans (aws-, azure- and gcp-security-scan): which checks each runs.
import type { Provider } from '../types.ts';
import { awsCheckIds } from './aws.ts';
import { AZURE_SCAN_SERVICES } from './azure.ts';
import { GCP_SCAN_SERVICES } from './gcp.ts';

const AWS_SERVICE_SCANS = {
  ec2: awsCheckIds({ scanType: 'security_groups' }),
  s3: awsCheckIds({ scanType: 'bucket_permissions' }),
  iam: awsCheckIds({ scanType: 'policy_analysis' }),
};

const checksByService = (services: Record<string, { checks: readonly string[] }>) =>
  Object.fromEntries(Object.entries(services).map(([name, s]) => [name, [...s.checks]]));

/** Check ids by provider and spec service (`ec2`, `key-vault`, `cloud-storage`...). */
export const SERVICE_SCAN_CHECKS: Record<Provider, Record<string, string[]>> = {
  aws: AWS_SERVICE_SCANS,
  azure: checksByService(AZURE_SCAN_SERVICES),
  gcp: checksByService(GCP_SCAN_SERVICES),
};

/** The check ids one spec service scan runs; none for a service the provider does not have. */
export function serviceScanChecks(provider: Provider, service: string): string[] {
  const services = SERVICE_SCAN_CHECKS[provider];
  return (Object.hasOwn(services, service) && services[service]) || [];
}
