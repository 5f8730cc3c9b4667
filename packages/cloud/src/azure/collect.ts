// Reads what the wanted Azure checks need, subscription-wide, each operation through the recorder.
// A failed read leaves its dataset empty and its checks listed in the gap.

import type { Vault } from '@azure/arm-keyvault';
import type { NetworkInterface, NetworkSecurityGroup, PublicIPAddress } from '@azure/arm-network';
import type { ResourceGroup } from '@azure/arm-resources';
import type { FirewallRule, Server } from '@azure/arm-sql';
import type { StorageAccount } from '@azure/arm-storage';
import { createRestError } from '@azure-rest/core-client';
import type { CallRecorder } from '../calls.ts';
import { AZURE_CHECKS } from '../catalog/azure.ts';
import { wantedOf } from '../shared/run-scan.ts';
import type { AzureClients } from './clients.ts';

export type ManagementLock = { id: string; name: string; level: string };
export type SqlServerState = {
  server: Server;
  firewallRules?: FirewallRule[];
  auditingState?: string;
};

export type AzureData = {
  nsgs: NetworkSecurityGroup[];
  nics: NetworkInterface[];
  publicIps: PublicIPAddress[];
  groups: ResourceGroup[];
  locks: ManagementLock[];
  vaults: Vault[];
  accounts: StorageAccount[];
  servers: SqlServerState[];
};

const LOCKS_API_VERSION = '2016-09-01';

const idsOf = (service: string) =>
  AZURE_CHECKS.filter((c) => c.service === service).map((c) => c.id);

async function all<T>(pages: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of pages) items.push(item);
  return items;
}

/** The resource group named in an ARM resource id. */
export const resourceGroupOf = (id: string | undefined) =>
  /\/resourceGroups\/([^/]+)/i.exec(id ?? '')?.[1] ?? '';

export async function collectAzure(
  clients: AzureClients,
  subscriptionId: string,
  recorder: CallRecorder,
  wanted: Set<string>,
): Promise<AzureData> {
  const call = <T>(
    service: string,
    operation: string,
    checks: string[],
    run: (signal: AbortSignal) => Promise<T[]>,
  ) => {
    const needed = wantedOf(wanted, checks);
    if (!needed.length) return Promise.resolve([] as T[]);
    return recorder
      .call({ service, region: 'global', operation, checks: needed }, run)
      .then((items) => items ?? []);
  };
  const network = idsOf('network');
  const sqlIds = idsOf('sql');
  const [nsgs, nics, publicIps, groups, locks, vaults, accounts, servers] = await Promise.all([
    call('network', 'NetworkSecurityGroups.ListAll', network, (abortSignal) =>
      all(clients.network.networkSecurityGroups.listAll({ abortSignal })),
    ),
    call('network', 'NetworkInterfaces.ListAll', network, (abortSignal) =>
      all(clients.network.networkInterfaces.listAll({ abortSignal })),
    ),
    call('network', 'PublicIPAddresses.ListAll', network, (abortSignal) =>
      all(clients.network.publicIPAddresses.listAll({ abortSignal })),
    ),
    call('resources', 'ResourceGroups.List', idsOf('resources'), (abortSignal) =>
      all(clients.resources.resourceGroups.list({ abortSignal })),
    ),
    call(
      'resources',
      'ManagementLocks.ListAtSubscriptionLevel',
      ['azure_rg_no_lock'],
      (abortSignal) => listLocks(clients, subscriptionId, abortSignal),
    ),
    call('keyvault', 'Vaults.ListBySubscription', idsOf('keyvault'), (abortSignal) =>
      all(clients.keyVault.vaults.listBySubscription({ abortSignal })),
    ),
    call('storage', 'StorageAccounts.List', idsOf('storage'), (abortSignal) =>
      all(clients.storage.storageAccounts.list({ abortSignal })),
    ),
    call('sql', 'Servers.List', sqlIds, (abortSignal) =>
      all(clients.sql.servers.list({ abortSignal })),
    ),
  ]);
  return {
    nsgs,
    nics,
    publicIps,
    groups,
    locks,
    vaults,
    accounts,
    servers: await Promise.all(
      servers.map((server) => sqlServerState(clients, server, recorder, wanted)),
    ),
  };
}

async function listLocks(clients: AzureClients, subscriptionId: string, abortSignal: AbortSignal) {
  const response = await clients.arm
    .path('/subscriptions/{subscriptionId}/providers/Microsoft.Authorization/locks', subscriptionId)
    .get({ queryParameters: { 'api-version': LOCKS_API_VERSION }, abortSignal });
  if (response.status !== '200') throw createRestError(response);
  const body = response.body as {
    value?: { id: string; name: string; properties?: { level?: string } }[];
  };
  return (body.value ?? []).map((l) => ({
    id: l.id,
    name: l.name,
    level: l.properties?.level ?? '',
  }));
}

async function sqlServerState(
  clients: AzureClients,
  server: Server,
  recorder: CallRecorder,
  wanted: Set<string>,
): Promise<SqlServerState> {
  const group = resourceGroupOf(server.id);
  const name = server.name ?? '';
  const region = server.location ?? 'global';
  const firewallChecks = wantedOf(wanted, [
    'azure_sql_firewall_open',
    'azure_sql_firewall_azure_services',
  ]);
  const auditChecks = wantedOf(wanted, ['azure_sql_auditing_off']);
  const [firewallRules, auditing] = await Promise.all([
    firewallChecks.length
      ? recorder.call(
          {
            service: 'sql',
            region,
            operation: 'FirewallRules.ListByServer',
            checks: firewallChecks,
          },
          (abortSignal) =>
            all(clients.sql.firewallRules.listByServer(group, name, { abortSignal })),
        )
      : undefined,
    auditChecks.length
      ? recorder.call(
          {
            service: 'sql',
            region,
            operation: 'ServerBlobAuditingPolicies.Get',
            checks: auditChecks,
          },
          (abortSignal) => clients.sql.serverBlobAuditingPolicies.get(group, name, { abortSignal }),
        )
      : undefined,
  ]);
  return {
    server,
    ...(firewallRules ? { firewallRules } : {}),
    ...(auditing?.state ? { auditingState: auditing.state } : {}),
  };
}
