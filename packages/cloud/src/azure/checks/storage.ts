// Storage accounts: anonymous access, transport security, shared-key authorization, network rules,
// encryption and key rotation. Unset
// properties mean the permissive legacy default on accounts created before Azure changed it.
import { AZURE_KEY_ROTATION_DAYS } from '../../catalog/azure-data.ts';
import type { CheckFn } from '../../shared/run-scan.ts';
import type { AzureData } from '../collect.ts';
import { armDraft, failing } from './draft.ts';

type Account = AzureData['accounts'][number];
const accountCheck = (
  fails: (a: Account) => boolean,
  detail: (a: Account) => string,
  evidence: (a: Account) => Record<string, unknown>,
) => failing((data) => data.accounts, fails, detail, evidence);

const MODERN_TLS = new Set(['TLS1_2', 'TLS1_3']);

export const storageChecks: Record<string, CheckFn<AzureData>> = {
  azure_storage_public_blob: (data) =>
    data.accounts
      .filter((a) => a.allowBlobPublicAccess !== false)
      .map((a) =>
        armDraft(a, `Storage account ${a.name} allows anonymous blob access.`, {
          allowBlobPublicAccess: a.allowBlobPublicAccess ?? null,
        }),
      ),
  azure_storage_https_only_off: (data) =>
    data.accounts
      .filter((a) => a.enableHttpsTrafficOnly === false)
      .map((a) =>
        armDraft(a, `Storage account ${a.name} accepts HTTP.`, { enableHttpsTrafficOnly: false }),
      ),
  azure_storage_tls_below_12: (data) =>
    data.accounts
      .filter((a) => !MODERN_TLS.has(a.minimumTlsVersion ?? ''))
      .map((a) =>
        armDraft(
          a,
          `Storage account ${a.name} accepts ${a.minimumTlsVersion ?? 'TLS1_0'} and later.`,
          {
            minimumTlsVersion: a.minimumTlsVersion ?? null,
          },
        ),
      ),
  azure_storage_shared_key: (data) =>
    data.accounts
      .filter((a) => a.allowSharedKeyAccess !== false)
      .map((a) =>
        armDraft(a, `Storage account ${a.name} accepts shared key authorization.`, {
          allowSharedKeyAccess: a.allowSharedKeyAccess ?? null,
        }),
      ),
  azure_storage_default_network_allow: accountCheck(
    (a) => a.networkRuleSet?.defaultAction !== 'Deny',
    (a) => `Storage account ${a.name} allows every network by default.`,
    (a) => ({ defaultAction: a.networkRuleSet?.defaultAction ?? null }),
  ),
  azure_storage_trusted_services_off: accountCheck(
    (a) => !(a.networkRuleSet?.bypass ?? '').includes('AzureServices'),
    (a) => `Storage account ${a.name} does not let trusted Azure services bypass its firewall.`,
    (a) => ({ bypass: a.networkRuleSet?.bypass ?? null }),
  ),
  azure_storage_infrastructure_encryption_off: accountCheck(
    (a) => a.encryption?.requireInfrastructureEncryption !== true,
    (a) => `Storage account ${a.name} has no infrastructure encryption.`,
    (a) => ({
      requireInfrastructureEncryption: a.encryption?.requireInfrastructureEncryption ?? null,
    }),
  ),
  azure_storage_cmk_off: accountCheck(
    (a) => a.encryption?.keySource !== 'Microsoft.Keyvault',
    (a) => `Storage account ${a.name} is encrypted with a Microsoft-managed key.`,
    (a) => ({ keySource: a.encryption?.keySource ?? null }),
  ),
  azure_storage_key_rotation_off: accountCheck(
    (a) => !((a.keyPolicy?.keyExpirationPeriodInDays ?? Infinity) <= AZURE_KEY_ROTATION_DAYS),
    (a) =>
      `Storage account ${a.name} ${a.keyPolicy ? `lets its keys live ${a.keyPolicy.keyExpirationPeriodInDays} days` : 'has no key expiration policy'}.`,
    (a) => ({ keyExpirationPeriodInDays: a.keyPolicy?.keyExpirationPeriodInDays ?? null }),
  ),
};
