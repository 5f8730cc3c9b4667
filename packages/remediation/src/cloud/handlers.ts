// The handler of each cloud action of the catalogue, by action id.
import { awsDeactivateOldKeys } from './aws-access-keys.ts';
import { awsRevokeOpenIngress } from './aws-ingress.ts';
import { awsNaclDenyAdminPort } from './aws-nacl.ts';
import { awsS3PublicAccessBlock } from './aws-public-access-block.ts';
import { azureRemoveOpenNsgRule } from './azure-nsg.ts';
import { gcpRemovePublicBindings } from './gcp-bindings.ts';
import { gcpRemoveOpenFirewall } from './gcp-firewall.ts';
import type { AnyCloudHandler } from './types.ts';

export const CLOUD_HANDLERS: Readonly<Record<string, AnyCloudHandler>> = {
  'aws-revoke-open-ingress': awsRevokeOpenIngress,
  'aws-nacl-deny-admin-port': awsNaclDenyAdminPort,
  'aws-s3-public-access-block': awsS3PublicAccessBlock,
  'aws-deactivate-old-keys': awsDeactivateOldKeys,
  'azure-remove-open-nsg-rule': azureRemoveOpenNsgRule,
  'gcp-remove-open-firewall': gcpRemoveOpenFirewall,
  'gcp-remove-public-bindings': gcpRemovePublicBindings,
};
