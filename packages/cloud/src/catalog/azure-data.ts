// Azure storage, Key Vault and SQL checks beyond the first ones (azure.ts), as data.
import { frameworks } from '../shared/frameworks.ts';
import type { CheckMeta } from '../types.ts';

type Entry = Omit<CheckMeta, 'provider'>;
const azure = (entry: Entry): CheckMeta => ({ provider: 'azure', ...entry });

/** Storage account keys must be rotated at least this often. */
export const AZURE_KEY_ROTATION_DAYS = 90;
/** SQL audit logs must be kept at least this long (0 keeps them forever). */
export const AZURE_AUDIT_RETENTION_DAYS = 90;

const account = { service: 'storage', resourceType: 'storage_account' } as const;

export const moreStorage: CheckMeta[] = [
  azure({
    ...account,
    id: 'azure_storage_default_network_allow',
    title: 'Storage account accepts traffic from all networks',
    severity: 'medium',
    description: 'The network rule set of the account allows every network by default.',
    risk: 'The account endpoints answer the whole internet; a leaked key or SAS token works from anywhere.',
    remediation:
      'Set the default network action to Deny and allow only the virtual networks and ranges that need the account.',
    cli: 'az storage account update --name <account> --resource-group <group> --default-action Deny',
    frameworks: frameworks('networkExposure'),
  }),
  azure({
    ...account,
    id: 'azure_storage_trusted_services_off',
    title: 'Storage account firewall blocks trusted Azure services',
    severity: 'low',
    description: 'The network rule set does not let trusted Azure services bypass it.',
    risk: 'Backup, logging and Defender for Cloud cannot reach a locked-down account, so teams open it to all networks instead.',
    remediation: 'Allow trusted Microsoft services to bypass the account firewall.',
    cli: 'az storage account update --name <account> --resource-group <group> --bypass AzureServices',
    frameworks: frameworks('secureConfiguration'),
  }),
  azure({
    ...account,
    id: 'azure_storage_infrastructure_encryption_off',
    title: 'Storage account has no infrastructure encryption',
    severity: 'low',
    description:
      'Data is encrypted once at the service level, not also at the infrastructure level.',
    risk: 'One compromised key or algorithm exposes the data; double encryption protects against that.',
    remediation:
      'Create the account with infrastructure encryption enabled and move the data to it.',
    cli: 'az storage account create --name <account> --resource-group <group> --require-infrastructure-encryption',
    frameworks: frameworks('encryptionAtRest'),
  }),
  azure({
    ...account,
    id: 'azure_storage_cmk_off',
    title: 'Storage account is not encrypted with a customer-managed key',
    severity: 'low',
    description: 'The encryption key source is Microsoft.Storage (a Microsoft-managed key).',
    risk: 'The organization cannot rotate, revoke or audit the key that protects the data.',
    remediation: 'Encrypt the account with a key in a Key Vault you control.',
    cli: 'az storage account update --name <account> --resource-group <group> --encryption-key-source Microsoft.Keyvault --encryption-key-vault <vault-uri> --encryption-key-name <key>',
    frameworks: frameworks('encryptionAtRest'),
  }),
  azure({
    ...account,
    id: 'azure_storage_key_rotation_off',
    title: `Storage account keys need no rotation within ${AZURE_KEY_ROTATION_DAYS} days`,
    severity: 'medium',
    description: `The account has no key expiration policy, or one longer than ${AZURE_KEY_ROTATION_DAYS} days.`,
    risk: 'Account keys grant full access; a key that never has to change stays valid long after it leaked.',
    remediation: `Set a key expiration policy of at most ${AZURE_KEY_ROTATION_DAYS} days and rotate the keys.`,
    cli: `az storage account update --name <account> --resource-group <group> --key-exp-days ${AZURE_KEY_ROTATION_DAYS}`,
    frameworks: frameworks('credentials'),
  }),
];

const vault = { service: 'keyvault', resourceType: 'key_vault' } as const;

export const moreKeyVault: CheckMeta[] = [
  azure({
    ...vault,
    id: 'azure_kv_rbac_off',
    title: 'Key Vault uses access policies instead of Azure RBAC',
    severity: 'medium',
    description: 'The vault authorizes data-plane access with vault access policies.',
    risk: 'Access policies cannot be scoped to one secret, are not covered by PIM or deny assignments, and are easy to over-grant.',
    remediation: 'Switch the vault to the Azure RBAC permission model and grant Key Vault roles.',
    cli: 'az keyvault update --name <vault> --enable-rbac-authorization true',
    frameworks: frameworks('leastPrivilege'),
  }),
  azure({
    ...vault,
    id: 'azure_kv_no_private_endpoint',
    title: 'Key Vault has no private endpoint',
    severity: 'medium',
    description: 'No private endpoint connection is approved for the vault.',
    risk: 'Clients reach the vault over its public endpoint, so its traffic and exposure depend on firewall rules alone.',
    remediation: 'Create a private endpoint for the vault in the virtual network of its clients.',
    cli: 'az network private-endpoint create --name <vault>-pe --resource-group <group> --vnet-name <vnet> --subnet <subnet> --private-connection-resource-id <vault-id> --group-id vault --connection-name <vault>-pe',
    frameworks: frameworks('networkExposure'),
  }),
];

const server = { service: 'sql', resourceType: 'sql_server' } as const;

export const moreSql: CheckMeta[] = [
  azure({
    ...server,
    id: 'azure_sql_no_entra_admin',
    title: 'SQL server has no Microsoft Entra administrator',
    severity: 'medium',
    description: 'No Entra ID (Azure AD) administrator is set on the server.',
    risk: 'Only SQL logins exist: no MFA, no central revocation and no conditional access for database administrators.',
    remediation: 'Set an Entra group as the server administrator and use Entra authentication.',
    cli: 'az sql server ad-admin create --resource-group <group> --server-name <server> --display-name <group-name> --object-id <group-id>',
    frameworks: frameworks('credentials'),
  }),
  azure({
    ...server,
    id: 'azure_sql_audit_retention_short',
    title: `SQL server audit logs are kept less than ${AZURE_AUDIT_RETENTION_DAYS} days`,
    severity: 'low',
    description: `Auditing is on with a retention between 1 and ${AZURE_AUDIT_RETENTION_DAYS - 1} days.`,
    risk: 'Intrusions are often found months later; by then the audit trail of the database is gone.',
    remediation: `Keep audit logs at least ${AZURE_AUDIT_RETENTION_DAYS} days (or 0, unlimited).`,
    cli: `az sql server audit-policy update --resource-group <group> --name <server> --retention-days ${AZURE_AUDIT_RETENTION_DAYS}`,
    frameworks: frameworks('logging'),
  }),
];
