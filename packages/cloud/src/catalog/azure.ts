// Azure checks as data. Texts that name a port come from EXPOSED_SERVICES (exposureCatalog).
import { exposureCatalog } from '../shared/exposure-catalog.ts';
import { frameworks } from '../shared/frameworks.ts';
import type { CheckMeta } from '../types.ts';
import { moreKeyVault, moreSql, moreStorage } from './azure-data.ts';
import { defenderChecks } from './azure-defender.ts';

type Entry = Omit<CheckMeta, 'provider'>;
const azure = (entry: Entry): CheckMeta => ({ provider: 'azure', ...entry });

export const AZURE_NSG_PREFIX = 'azure_nsg_open';

const network = exposureCatalog({
  provider: 'azure',
  idPrefix: AZURE_NSG_PREFIX,
  service: 'network',
  resourceType: 'network_security_group',
  subject: 'Network security group',
  remediation:
    'Restrict the inbound rule allowing port {port} to known source ranges, or put the service behind Azure Bastion, a VPN or a private endpoint.',
  cli: (port) =>
    `az network nsg rule update --resource-group <group> --nsg-name <nsg> --name <rule> --source-address-prefixes <trusted-cidr> --destination-port-ranges ${port}`,
});

const resourceGroups: CheckMeta[] = [
  azure({
    id: 'azure_rg_no_tags',
    service: 'resources',
    resourceType: 'resource_group',
    title: 'Resource group has no tags',
    severity: 'low',
    description: 'The resource group carries no tags (owner, environment, data classification).',
    risk: 'Untagged resources have no accountable owner: they are missed in reviews, incident response and cost or data inventories.',
    remediation:
      'Tag the resource group with at least an owner and an environment, and enforce tags with Azure Policy.',
    cli: 'az group update --name <group> --tags owner=<team> environment=<env>',
    frameworks: frameworks('assetInventory'),
  }),
  azure({
    id: 'azure_rg_no_lock',
    service: 'resources',
    resourceType: 'resource_group',
    title: 'Resource group has no delete lock',
    severity: 'medium',
    description:
      'Neither the resource group nor its subscription carries a CanNotDelete or ReadOnly management lock.',
    risk: 'One mistaken or malicious delete removes every resource in the group at once, with no undo.',
    remediation: 'Add a CanNotDelete lock to resource groups that hold production resources.',
    cli: 'az lock create --name no-delete --lock-type CanNotDelete --resource-group <group>',
    frameworks: frameworks('recovery'),
  }),
];

const keyVault: CheckMeta[] = [
  azure({
    id: 'azure_kv_soft_delete_off',
    service: 'keyvault',
    resourceType: 'key_vault',
    title: 'Key Vault soft delete is off',
    severity: 'high',
    description:
      'The vault has soft delete disabled, so deleted keys, secrets and certificates are gone at once.',
    risk: 'A deleted vault or key cannot be recovered; data encrypted with it becomes unreadable.',
    remediation: 'Enable soft delete on the vault (it is mandatory for new vaults).',
    cli: 'az keyvault update --name <vault> --enable-soft-delete true',
    frameworks: frameworks('recovery'),
  }),
  azure({
    id: 'azure_kv_purge_protection_off',
    service: 'keyvault',
    resourceType: 'key_vault',
    title: 'Key Vault purge protection is off',
    severity: 'medium',
    description:
      'The vault allows soft-deleted objects to be purged before the retention period ends.',
    risk: 'An attacker or operator with purge rights can destroy keys for good, including keys that encrypt storage or databases.',
    remediation: 'Enable purge protection on the vault.',
    cli: 'az keyvault update --name <vault> --enable-purge-protection true',
    frameworks: frameworks('recovery'),
  }),
  azure({
    id: 'azure_kv_policy_all_permissions',
    service: 'keyvault',
    resourceType: 'key_vault',
    title: 'Key Vault access policy grants every key or secret permission',
    severity: 'high',
    description:
      'An access policy grants a principal all permissions on keys, secrets or certificates.',
    risk: 'The principal can read, change, delete and purge every secret; one stolen credential exposes them all.',
    remediation:
      'Grant each principal only the operations it needs (for example get and list on secrets), or move the vault to Azure RBAC.',
    cli: 'az keyvault set-policy --name <vault> --object-id <principal> --secret-permissions get list',
    frameworks: frameworks('leastPrivilege'),
  }),
  azure({
    id: 'azure_kv_public_network',
    service: 'keyvault',
    resourceType: 'key_vault',
    title: 'Key Vault accepts traffic from all networks',
    severity: 'medium',
    description:
      'Public network access is enabled and the network rules allow every network by default.',
    risk: 'The vault endpoint is reachable from the whole internet; only credentials stand between an attacker and its secrets.',
    remediation:
      'Disable public network access and use a private endpoint, or set the default network action to Deny with trusted ranges.',
    cli: 'az keyvault update --name <vault> --public-network-access Disabled',
    frameworks: frameworks('networkExposure'),
  }),
  ...moreKeyVault,
];

const storage: CheckMeta[] = [
  azure({
    id: 'azure_storage_public_blob',
    service: 'storage',
    resourceType: 'storage_account',
    title: 'Storage account allows anonymous blob access',
    severity: 'high',
    description: 'The account lets containers be made public for anonymous read.',
    risk: 'Any container set to public exposes its blobs to anyone with the URL, a frequent cause of data leaks.',
    remediation: 'Disallow blob public access on the account.',
    cli: 'az storage account update --name <account> --resource-group <group> --allow-blob-public-access false',
    frameworks: frameworks('publicData'),
  }),
  azure({
    id: 'azure_storage_https_only_off',
    service: 'storage',
    resourceType: 'storage_account',
    title: 'Storage account accepts plain HTTP',
    severity: 'high',
    description: 'Secure transfer (HTTPS only) is disabled on the account.',
    risk: 'Data and shared-key signatures can travel unencrypted and be read or altered in transit.',
    remediation: 'Enable secure transfer required on the account.',
    cli: 'az storage account update --name <account> --resource-group <group> --https-only true',
    frameworks: frameworks('encryptionInTransit'),
  }),
  azure({
    id: 'azure_storage_tls_below_12',
    service: 'storage',
    resourceType: 'storage_account',
    title: 'Storage account accepts TLS older than 1.2',
    severity: 'medium',
    description: 'The minimum TLS version of the account is below 1.2.',
    risk: 'Clients can negotiate TLS 1.0 or 1.1, which have known weaknesses and are no longer allowed by PCI DSS or NIST guidance.',
    remediation: 'Set the minimum TLS version to TLS 1.2.',
    cli: 'az storage account update --name <account> --resource-group <group> --min-tls-version TLS1_2',
    frameworks: frameworks('encryptionInTransit'),
  }),
  azure({
    id: 'azure_storage_shared_key',
    service: 'storage',
    resourceType: 'storage_account',
    title: 'Storage account allows shared key authorization',
    severity: 'medium',
    description: 'Requests signed with the account keys are accepted.',
    risk: 'Account keys grant full access, do not expire and leave no identity in the logs; a leaked key or SAS is hard to contain.',
    remediation: 'Disallow shared key access and use Microsoft Entra ID authorization.',
    cli: 'az storage account update --name <account> --resource-group <group> --allow-shared-key-access false',
    frameworks: frameworks('credentials'),
  }),
];

const sql: CheckMeta[] = [
  azure({
    id: 'azure_sql_firewall_open',
    service: 'sql',
    resourceType: 'sql_server',
    title: 'SQL server firewall allows the whole internet',
    severity: 'critical',
    description: 'A server firewall rule covers 0.0.0.0 to 255.255.255.255.',
    risk: 'Every database on the server is reachable from any address; only SQL authentication protects it.',
    remediation:
      'Delete the rule and allow only the addresses that need the databases, or use a private endpoint.',
    cli: 'az sql server firewall-rule delete --resource-group <group> --server <server> --name <rule>',
    frameworks: frameworks('networkExposure'),
    exposedPorts: [1433],
  }),
  azure({
    id: 'azure_sql_firewall_azure_services',
    service: 'sql',
    resourceType: 'sql_server',
    title: 'SQL server firewall allows all Azure services',
    severity: 'medium',
    description:
      'The rule AllowAllWindowsAzureIps (0.0.0.0 to 0.0.0.0) lets any Azure-hosted client, in any tenant, connect.',
    risk: "Anyone can run code in Azure; the rule admits other customers' machines, not just yours.",
    remediation:
      'Turn off "Allow Azure services and resources to access this server" and use virtual network rules or private endpoints.',
    cli: 'az sql server firewall-rule delete --resource-group <group> --server <server> --name AllowAllWindowsAzureIps',
    frameworks: frameworks('networkExposure'),
  }),
  azure({
    id: 'azure_sql_auditing_off',
    service: 'sql',
    resourceType: 'sql_server',
    title: 'SQL server auditing is off',
    severity: 'medium',
    description: 'Server-level blob auditing is disabled.',
    risk: 'Logins, permission changes and queries leave no trail, so an intrusion cannot be detected or investigated.',
    remediation:
      'Enable server auditing to a storage account, Log Analytics workspace or Event Hub.',
    cli: 'az sql server audit-policy update --resource-group <group> --name <server> --state Enabled --lats Enabled --lawri <workspace-id>',
    frameworks: frameworks('logging'),
  }),
  azure({
    id: 'azure_sql_tls_below_12',
    service: 'sql',
    resourceType: 'sql_server',
    title: 'SQL server accepts TLS older than 1.2',
    severity: 'medium',
    description: 'The minimal TLS version of the server is unset or below 1.2.',
    risk: 'Clients can connect with TLS 1.0 or 1.1, which have known weaknesses.',
    remediation: 'Set the minimal TLS version of the server to 1.2.',
    cli: 'az sql server update --resource-group <group> --name <server> --minimal-tls-version 1.2',
    frameworks: frameworks('encryptionInTransit'),
  }),
];

export const AZURE_CHECKS: CheckMeta[] = [
  ...network,
  ...resourceGroups,
  ...keyVault,
  ...storage,
  ...moreStorage,
  ...sql,
  ...moreSql,
  ...defenderChecks,
];

/** The spec's azure-security-scan services (part 2), each with its scanType and the checks it runs. */
export const AZURE_SCAN_SERVICES = {
  'resource-groups': {
    scanType: 'security_configuration',
    checks: resourceGroups.map((c) => c.id),
  },
  'network-security-groups': { scanType: 'rules_analysis', checks: network.map((c) => c.id) },
  'key-vault': { scanType: 'access_policies', checks: keyVault.map((c) => c.id) },
} as const;
