// Storage accounts: anonymous access, transport security and shared-key authorization. Unset
// properties mean the permissive legacy default on accounts created before Azure changed it.
import type { CheckFn } from '../../shared/run-scan.ts';
import type { AzureData } from '../collect.ts';
import { armDraft } from './draft.ts';

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
};
