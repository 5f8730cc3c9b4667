// Key Vault: recoverability (soft delete, purge protection), access policies and network exposure.
import type { AccessPolicyEntry } from '@azure/arm-keyvault';
import type { CheckFn } from '../../shared/run-scan.ts';
import type { AzureData } from '../collect.ts';
import { armDraft, failing } from './draft.ts';

/** Every permission a policy can grant per object kind (Key Vault API 2023+). */
const FULL = {
  keys: [
    'get',
    'list',
    'update',
    'create',
    'import',
    'delete',
    'recover',
    'backup',
    'restore',
    'decrypt',
    'encrypt',
    'unwrapkey',
    'wrapkey',
    'verify',
    'sign',
    'purge',
  ],
  secrets: ['get', 'list', 'set', 'delete', 'recover', 'backup', 'restore', 'purge'],
} as const;

/** The object kinds on which a policy grants everything. */
function fullGrants(policy: AccessPolicyEntry): string[] {
  return (Object.keys(FULL) as (keyof typeof FULL)[]).filter((kind) => {
    const granted = new Set((policy.permissions?.[kind] ?? []).map((p) => p.toLowerCase()));
    return granted.has('all') || FULL[kind].every((p) => granted.has(p));
  });
}

export const keyVaultChecks: Record<string, CheckFn<AzureData>> = {
  azure_kv_soft_delete_off: (data) =>
    data.vaults
      .filter((v) => v.properties.enableSoftDelete === false)
      .map((v) =>
        armDraft(v, `Key Vault ${v.name} has soft delete disabled.`, { enableSoftDelete: false }),
      ),
  azure_kv_purge_protection_off: (data) =>
    data.vaults
      .filter((v) => v.properties.enablePurgeProtection !== true)
      .map((v) =>
        armDraft(v, `Key Vault ${v.name} does not have purge protection.`, {
          enablePurgeProtection: v.properties.enablePurgeProtection ?? null,
        }),
      ),
  azure_kv_policy_all_permissions: (data) =>
    data.vaults.flatMap((v) => {
      const broad = (v.properties.accessPolicies ?? [])
        .map((p) => ({ objectId: p.objectId, kinds: fullGrants(p) }))
        .filter((p) => p.kinds.length);
      if (!broad.length) return [];
      const who = broad.map((p) => `${p.objectId} (${p.kinds.join(', ')})`).join('; ');
      return [
        armDraft(v, `Key Vault ${v.name} grants every permission to ${who}.`, { policies: broad }),
      ];
    }),
  azure_kv_public_network: (data) =>
    data.vaults
      .filter(
        (v) =>
          v.properties.publicNetworkAccess !== 'Disabled' &&
          v.properties.networkAcls?.defaultAction !== 'Deny',
      )
      .map((v) =>
        armDraft(v, `Key Vault ${v.name} accepts connections from all networks.`, {
          publicNetworkAccess: v.properties.publicNetworkAccess ?? 'Enabled',
          defaultAction: v.properties.networkAcls?.defaultAction ?? 'Allow',
        }),
      ),
  azure_kv_rbac_off: failing(
    (data) => data.vaults,
    (v) => v.properties.enableRbacAuthorization !== true,
    (v) => `Key Vault ${v.name} authorizes with access policies, not Azure RBAC.`,
    (v) => ({ enableRbacAuthorization: v.properties.enableRbacAuthorization ?? null }),
  ),
  azure_kv_no_private_endpoint: failing(
    (data) => data.vaults,
    (v) =>
      !(v.properties.privateEndpointConnections ?? []).some(
        (c) => c.privateLinkServiceConnectionState?.status === 'Approved',
      ),
    (v) => `Key Vault ${v.name} has no approved private endpoint.`,
    (v) => ({ privateEndpointConnections: (v.properties.privateEndpointConnections ?? []).length }),
  ),
};
