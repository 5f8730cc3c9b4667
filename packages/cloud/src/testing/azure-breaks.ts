// One misconfiguration per Azure check, applied to the clean state of azure-state.ts, and the
// resource whose finding it must cause.

import { AZURE_DEFENDER_PREFIX, DEFENDER_PLANS } from '../catalog/azure-defender.ts';
import type { AzureFakeState } from './azure-fake.ts';
import { AZ_IDS, AZ_SUB, nsgRule } from './azure-state.ts';
import { addTwin, type Json, set, twinId } from './scan-harness.ts';

type State = AzureFakeState;

export const props = (items: Json[]) => items[0]?.properties as Json;
export const addRule = (s: State, rule: Json) => (props(s.nsgs).securityRules as Json[]).push(rule);
export const openSsh = (s: State, source: string) =>
  addRule(s, nsgRule('ssh-any', 200, '22', source));

/** A look-alike of the first resource with one change to its properties (addTwin). */
const twin = (items: Json[], change: (properties: Json) => unknown) =>
  addTwin(items, 'id', (copy) => change(copy.properties as Json));

const twinServer = (s: State, change: (x: State['sqlServers'][number]) => unknown) => {
  const copy = structuredClone(s.sqlServers[0]);
  if (!copy) return;
  copy.server.id = twinId(String(copy.server.id));
  copy.server.name = `${copy.server.name}-twin`;
  change(copy);
  s.sqlServers.push(copy);
};

/** Sets one Defender plan to Free; the other plans stay on Standard. */
const freePlan = (s: State, pricing: string) =>
  set(s.pricings.find((p) => p.name === pricing)?.properties as Json, 'pricingTier', 'Free');
const pricingId = (pricing: string) =>
  `/subscriptions/${AZ_SUB}/providers/Microsoft.Security/pricings/${pricing}`;

const DEFENDER_BREAKS = Object.fromEntries(
  DEFENDER_PLANS.map((p) => [
    `${AZURE_DEFENDER_PREFIX}_${p.key}_off`,
    [(s: State) => freePlan(s, p.pricing), pricingId(p.pricing)],
  ]),
) as Record<string, [(s: State) => unknown, string]>;

/** One misconfiguration per check, and the resource its finding must name. */
export const AZURE_BREAKS: Record<string, [(s: State) => unknown, string]> = {
  azure_nsg_open_ssh: [(s) => openSsh(s, '*'), AZ_IDS.nsg],
  azure_nsg_open_rdp: [(s) => addRule(s, nsgRule('rdp', 200, '3389', 'Internet')), AZ_IDS.nsg],
  azure_nsg_open_mssql: [
    (s) => addRule(s, nsgRule('db', 200, '1400-1500', '0.0.0.0/0')),
    AZ_IDS.nsg,
  ],
  azure_nsg_open_mysql: [(s) => addRule(s, nsgRule('mysql', 200, '3306', 'Any')), AZ_IDS.nsg],
  azure_nsg_open_postgres: [(s) => addRule(s, nsgRule('pg', 200, '5432', '*')), AZ_IDS.nsg],
  azure_nsg_open_redis: [(s) => addRule(s, nsgRule('redis', 200, '6379', 'Internet')), AZ_IDS.nsg],
  azure_nsg_open_mongodb: [(s) => addRule(s, nsgRule('mongo', 200, '27017', '::/0')), AZ_IDS.nsg],
  azure_nsg_open_all_ports: [(s) => addRule(s, nsgRule('any', 300, '*', '*')), AZ_IDS.nsg],
  azure_rg_no_tags: [(s) => set(s.groups[0], 'tags', undefined), AZ_IDS.group],
  azure_rg_no_lock: [(s) => s.locks.splice(0), AZ_IDS.group],
  azure_kv_soft_delete_off: [(s) => set(props(s.vaults), 'enableSoftDelete', false), AZ_IDS.vault],
  azure_kv_purge_protection_off: [
    (s) => set(props(s.vaults), 'enablePurgeProtection', undefined),
    AZ_IDS.vault,
  ],
  azure_kv_policy_all_permissions: [
    (s) =>
      (props(s.vaults).accessPolicies as Json[]).push({
        tenantId: s.tenantId,
        objectId: 'ops',
        permissions: { keys: ['all'], secrets: [] },
      }),
    AZ_IDS.vault,
  ],
  azure_kv_public_network: [
    (s) => set(props(s.vaults), 'publicNetworkAccess', 'Enabled'),
    AZ_IDS.vault,
  ],
  azure_storage_public_blob: [
    (s) => set(props(s.storageAccounts), 'allowBlobPublicAccess', true),
    AZ_IDS.storage,
  ],
  azure_storage_https_only_off: [
    (s) => set(props(s.storageAccounts), 'supportsHttpsTrafficOnly', false),
    AZ_IDS.storage,
  ],
  azure_storage_tls_below_12: [
    (s) => set(props(s.storageAccounts), 'minimumTlsVersion', 'TLS1_0'),
    AZ_IDS.storage,
  ],
  azure_storage_shared_key: [
    (s) => set(props(s.storageAccounts), 'allowSharedKeyAccess', undefined),
    AZ_IDS.storage,
  ],
  azure_sql_firewall_open: [
    (s) =>
      void s.sqlServers[0]?.firewallRules.push({
        name: 'all',
        properties: { startIpAddress: '0.0.0.0', endIpAddress: '255.255.255.255' },
      }),
    AZ_IDS.sql,
  ],
  azure_sql_firewall_azure_services: [
    (s) =>
      void s.sqlServers[0]?.firewallRules.push({
        name: 'AllowAllWindowsAzureIps',
        properties: { startIpAddress: '0.0.0.0', endIpAddress: '0.0.0.0' },
      }),
    AZ_IDS.sql,
  ],
  azure_sql_auditing_off: [(s) => set(s.sqlServers[0], 'auditingState', 'Disabled'), AZ_IDS.sql],
  azure_sql_tls_below_12: [
    (s) => set(props(s.sqlServers.map((x) => x.server)), 'minimalTlsVersion', '1.0'),
    AZ_IDS.sql,
  ],
  azure_storage_default_network_allow: [
    (s) => twin(s.storageAccounts, (p) => set(p.networkAcls as Json, 'defaultAction', 'Allow')),
    twinId(AZ_IDS.storage),
  ],
  azure_storage_trusted_services_off: [
    (s) => twin(s.storageAccounts, (p) => set(p.networkAcls as Json, 'bypass', 'None')),
    twinId(AZ_IDS.storage),
  ],
  azure_storage_infrastructure_encryption_off: [
    (s) =>
      twin(s.storageAccounts, (p) =>
        set(p.encryption as Json, 'requireInfrastructureEncryption', false),
      ),
    twinId(AZ_IDS.storage),
  ],
  azure_storage_cmk_off: [
    (s) =>
      twin(s.storageAccounts, (p) => set(p.encryption as Json, 'keySource', 'Microsoft.Storage')),
    twinId(AZ_IDS.storage),
  ],
  azure_storage_key_rotation_off: [
    (s) =>
      twin(s.storageAccounts, (p) => set(p.keyPolicy as Json, 'keyExpirationPeriodInDays', 365)),
    twinId(AZ_IDS.storage),
  ],
  azure_kv_rbac_off: [
    (s) => twin(s.vaults, (p) => set(p, 'enableRbacAuthorization', false)),
    twinId(AZ_IDS.vault),
  ],
  azure_kv_no_private_endpoint: [
    (s) => twin(s.vaults, (p) => set(p, 'privateEndpointConnections', [])),
    twinId(AZ_IDS.vault),
  ],
  azure_sql_no_entra_admin: [
    (s) => twinServer(s, (x) => set(x.server.properties as Json, 'administrators', undefined)),
    twinId(AZ_IDS.sql),
  ],
  azure_sql_audit_retention_short: [
    (s) => twinServer(s, (x) => Object.assign(x, { auditingRetentionDays: 30 })),
    twinId(AZ_IDS.sql),
  ],
  ...DEFENDER_BREAKS,
};
