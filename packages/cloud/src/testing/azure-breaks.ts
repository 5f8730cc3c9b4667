// One misconfiguration per Azure check, applied to the clean state of azure-state.ts, and the
// resource whose finding it must cause.
import type { AzureFakeState } from './azure-fake.ts';
import { AZ_IDS, nsgRule } from './azure-state.ts';
import { type Json, set } from './scan-harness.ts';

type State = AzureFakeState;

export const props = (items: Json[]) => items[0]?.properties as Json;
export const addRule = (s: State, rule: Json) => (props(s.nsgs).securityRules as Json[]).push(rule);
export const openSsh = (s: State, source: string) =>
  addRule(s, nsgRule('ssh-any', 200, '22', source));

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
};
