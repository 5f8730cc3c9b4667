export {
  type AwsTarget,
  ec2Client,
  iamClient,
  s3Client,
  s3ControlClient,
} from './aws/clients.ts';
export { awsScanner } from './aws/scanner.ts';
export { type AwsSecurityScanRequest, awsSecurityScan } from './aws/security-scan.ts';
export { targetOf } from './aws/verify.ts';
export { type AzureClients, azureClients, type Transport } from './azure/clients.ts';
export { azureScanner, createAzureScanner } from './azure/scanner.ts';
export * from './calls.ts';
export { AWS_CHECKS, AWS_SCAN_TYPES, type AwsScanType, awsCheckIds } from './catalog/aws.ts';
export { AZURE_CHECKS, AZURE_SCAN_SERVICES } from './catalog/azure.ts';
export { GCP_CHECKS, GCP_SCAN_SERVICES } from './catalog/gcp.ts';
export { PUBLIC_ACCESS_CHECKS } from './catalog/reach.ts';
export { SERVICE_SCAN_CHECKS, serviceScanChecks } from './catalog/services.ts';
export { googleMessage } from './gcp/classify.ts';
export { type GcpClients, gcpClients } from './gcp/clients.ts';
export { createGcpScanner, gcpScanner } from './gcp/scanner.ts';
export { fingerprintOf, overallStatus } from './output/common.ts';
export { toJsonLines } from './output/jsonl.ts';
export { OCSF_VERSION, ocsfFinding, toOcsf } from './output/ocsf.ts';
export { toSarif } from './output/sarif.ts';
export { SCANNERS } from './providers.ts';
export { selectChecks, UnknownCheck } from './select.ts';
export * from './types.ts';
