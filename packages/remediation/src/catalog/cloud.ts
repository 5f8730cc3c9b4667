// Cloud actions: the provider API calls that fix a cloud finding (run through the cloud
// connections of issue 19; no host operations).
import { AWS_CHECKS } from '@netguard/cloud';
import type { RemediationAction } from '../types.ts';

const cloud = (
  id: string,
  name: string,
  fixes: string[],
  apiCalls: string[],
  riskLevel: RemediationAction['riskLevel'],
  rollbackPlan: string[],
): RemediationAction => ({
  id,
  name,
  description: `Calls ${apiCalls.join(', ')}.`,
  type: 'cloud',
  automationLevel: 'semi_automated',
  riskLevel,
  estimatedMinutes: 15,
  fixes,
  prerequisites: ['A cloud connection with write permission for this call'],
  steps: apiCalls.map((c) => `Call ${c}`),
  rollbackPlan,
  validationChecks: fixes,
  operations: () => [],
  apiCalls,
});

/** Exposure check ids of one family: `<prefix>_<service>` per service the provider checks. */
const exposure = (prefix: string, services: string[]) => services.map((s) => `${prefix}_${s}`);
const SERVICES = ['ssh', 'rdp', 'mssql', 'mysql', 'postgres', 'redis', 'mongodb'];

/** AWS's checks of one family, as the cloud catalogue has them (new ports join on their own). */
const awsFamily = (prefix: string, withPort: boolean) =>
  AWS_CHECKS.filter(
    (c) => c.id.startsWith(prefix) && (c.exposedPorts?.length ?? 0) > 0 === withPort,
  ).map((c) => c.id);

export const CLOUD_ACTIONS: RemediationAction[] = [
  cloud(
    'aws-revoke-open-ingress',
    'Revoke security group rules open to the internet',
    [...awsFamily('aws_ec2_sg_open_', true), 'aws_ec2_sg_open_all'],
    ['ec2:RevokeSecurityGroupIngress'],
    'high',
    ['ec2:AuthorizeSecurityGroupIngress with the captured rule'],
  ),
  cloud(
    'aws-nacl-deny-admin-port',
    'Deny SSH or RDP from the internet ahead of the network ACL entry that allows it',
    awsFamily('aws_vpc_nacl_open_', true),
    ['ec2:CreateNetworkAclEntry'],
    'medium',
    ['ec2:DeleteNetworkAclEntry for each entry it added'],
  ),
  cloud(
    'aws-s3-public-access-block',
    'Turn on S3 Block Public Access',
    ['aws_s3_bucket_public_access_block_off', 'aws_s3_account_public_access_block_off'],
    ['s3:PutPublicAccessBlock (bucket) or s3control:PutPublicAccessBlock (account)'],
    'medium',
    ['PutPublicAccessBlock with the captured configuration (or DeletePublicAccessBlock)'],
  ),
  cloud(
    'aws-deactivate-old-keys',
    'Deactivate old access keys',
    ['aws_iam_access_key_old'],
    ['iam:UpdateAccessKey (Status=Inactive)'],
    'high',
    ['iam:UpdateAccessKey (Status=Active)'],
  ),
  cloud(
    'azure-remove-open-nsg-rule',
    'Remove NSG rules open to the internet',
    exposure('azure_nsg_open', [...SERVICES, 'all_ports']),
    ['Microsoft.Network/networkSecurityGroups/securityRules/delete'],
    'high',
    ['securityRules/write with the captured rule'],
  ),
  cloud(
    'gcp-remove-open-firewall',
    'Remove firewall rules open to the internet',
    exposure('gcp_fw_open', [...SERVICES, 'all_ports']),
    ['compute.firewalls.delete'],
    'high',
    ['compute.firewalls.insert with the captured rule'],
  ),
  cloud(
    'gcp-remove-public-bindings',
    'Remove allUsers and allAuthenticatedUsers bindings',
    ['gcp_iam_public_binding', 'gcp_bucket_public'],
    ['setIamPolicy without the public members'],
    'medium',
    ['setIamPolicy with the captured policy'],
  ),
];
