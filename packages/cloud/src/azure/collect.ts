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
import { type Reader, readerFor } from '../shared/collector.ts';
import type { AzureClients } from './clients.ts';

export type ManagementLock = { id: string; name: string; level: string };
/** A Defender for Cloud plan of the subscription and its pricing tier (Free or Standard). */
export type DefenderPricing = { name: string; tier: string };
export type SqlServerState = {
  server: Server;
  firewallRules?: FirewallRule[];
  auditingState?: string;
  auditingRetentionDays?: number;
};

export type AzureData = {
  subscriptionId: string;
  nsgs: NetworkSecurityGroup[];
  nics: NetworkInterface[];
  publicIps: PublicIPAddress[];
  groups: ResourceGroup[];
  locks: ManagementLock[];
  vaults: Vault[];
  accounts: StorageAccount[];
  servers: SqlServerState[];
  pricings: DefenderPricing[];
};

const LOCKS_API_VERSION = '2016-09-01';
const PRICINGS_API_VERSION = '2024-01-01';

/** What a scan has when it could not even get a token. */
const NOTHING: Omit<AzureData, 'subscriptionId'> = {
  nsgs: [],
  nics: [],
  publicIps: [],
  groups: [],
  locks: [],
  vaults: [],
  accounts: [],
  servers: [],
  pricings: [],
};

const idsOf = (service: string) =>
  AZURE_CHECKS.filter((c) => c.service === service).map((c) => c.id);

async function all<T>(pages: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of pages) items.push(item);
  return items;
}

/** The resource group named in an ARM resource id. */
const resourceGroupOf = (id: string | undefined) =>
  /\/resourceGroups\/([^/]+)/i.exec(id ?? '')?.[1] ?? '';

export async function collectAzure(
  clients: AzureClients,
  subscriptionId: string,
  recorder: CallRecorder,
  wanted: Set<string>,
): Promise<AzureData> {
  const read = readerFor(recorder, wanted);
  // One token before the reads: concurrent first calls would each fetch their own, and when Entra
  // refuses the credentials one gap with its reason says more than a denial per read.
  const token = await read(
    { service: 'identity', region: 'global', operation: 'Entra.GetToken', checks: [...wanted] },
    (abortSignal) => clients.token(abortSignal),
  );
  if (!token) return { subscriptionId, ...NOTHING };
  const list = async <T>(
    service: string,
    operation: string,
    checks: string[],
    run: (signal: AbortSignal) => Promise<T[]>,
  ) => (await read({ service, region: 'global', operation, checks }, run)) ?? [];
  const network = idsOf('network');
  const [nsgs, nics, publicIps, groups, locks, vaults, accounts, servers, pricings] =
    await Promise.all([
      list('network', 'NetworkSecurityGroups.ListAll', network, (abortSignal) =>
        all(clients.network.networkSecurityGroups.listAll({ abortSignal })),
      ),
      list('network', 'NetworkInterfaces.ListAll', network, (abortSignal) =>
        all(clients.network.networkInterfaces.listAll({ abortSignal })),
      ),
      list('network', 'PublicIPAddresses.ListAll', network, (abortSignal) =>
        all(clients.network.publicIPAddresses.listAll({ abortSignal })),
      ),
      list('resources', 'ResourceGroups.List', idsOf('resources'), (abortSignal) =>
        all(clients.resources.resourceGroups.list({ abortSignal })),
      ),
      list(
        'resources',
        'ManagementLocks.ListAtSubscriptionLevel',
        ['azure_rg_no_lock'],
        (abortSignal) => listLocks(clients, subscriptionId, abortSignal),
      ),
      list('keyvault', 'Vaults.ListBySubscription', idsOf('keyvault'), (abortSignal) =>
        all(clients.keyVault.vaults.listBySubscription({ abortSignal })),
      ),
      list('storage', 'StorageAccounts.List', idsOf('storage'), (abortSignal) =>
        all(clients.storage.storageAccounts.list({ abortSignal })),
      ),
      list('sql', 'Servers.List', idsOf('sql'), (abortSignal) =>
        all(clients.sql.servers.list({ abortSignal })),
      ),
      list('defender', 'Pricings.List', idsOf('defender'), (abortSignal) =>
        listPricings(clients, subscriptionId, abortSignal),
      ),
    ]);
  return {
    subscriptionId,
    pricings,
    nsgs,
    nics,
    publicIps,
    groups,
    locks,
    vaults,
    accounts,
    servers: await Promise.all(servers.map((server) => sqlServerState(clients, server, read))),
  };
}

type LockPage = {
  value?: { id: string; name: string; properties?: { level?: string } }[];
  nextLink?: string;
};

/** Every management lock of the subscription, following ARM's nextLink (absolute, api-version kept). */
async function listLocks(clients: AzureClients, subscriptionId: string, abortSignal: AbortSignal) {
  const locks: ManagementLock[] = [];
  let next: string | undefined =
    `/subscriptions/${encodeURIComponent(subscriptionId)}/providers/Microsoft.Authorization/locks?api-version=${LOCKS_API_VERSION}`;
  while (next) {
    const response = await clients.arm.pathUnchecked(next).get({ abortSignal });
    if (response.status !== '200') throw createRestError(response);
    const body = response.body as LockPage;
    locks.push(
      ...(body.value ?? []).map((l) => ({
        id: l.id,
        name: l.name,
        level: l.properties?.level ?? '',
      })),
    );
    next = body.nextLink;
  }
  return locks;
}

/** The subscription's Defender for Cloud plans (one page: ARM lists every plan at once). */
async function listPricings(
  clients: AzureClients,
  subscriptionId: string,
  abortSignal: AbortSignal,
): Promise<DefenderPricing[]> {
  const response = await clients.arm
    .pathUnchecked(
      `/subscriptions/${encodeURIComponent(subscriptionId)}/providers/Microsoft.Security/pricings`,
    )
    .get({ queryParameters: { 'api-version': PRICINGS_API_VERSION }, abortSignal });
  if (response.status !== '200') throw createRestError(response);
  const body = response.body as {
    value?: { name: string; properties?: { pricingTier?: string } }[];
  };
  return (body.value ?? []).map((p) => ({ name: p.name, tier: p.properties?.pricingTier ?? '' }));
}

async function sqlServerState(
  clients: AzureClients,
  server: Server,
  read: Reader,
): Promise<SqlServerState> {
  const group = resourceGroupOf(server.id);
  const name = server.name ?? '';
  const region = server.location ?? 'global';
  const [firewallRules, auditing] = await Promise.all([
    read(
      {
        service: 'sql',
        region,
        operation: 'FirewallRules.ListByServer',
        checks: ['azure_sql_firewall_open', 'azure_sql_firewall_azure_services'],
      },
      (abortSignal) => all(clients.sql.firewallRules.listByServer(group, name, { abortSignal })),
    ),
    read(
      {
        service: 'sql',
        region,
        operation: 'ServerBlobAuditingPolicies.Get',
        checks: ['azure_sql_auditing_off', 'azure_sql_audit_retention_short'],
      },
      (abortSignal) => clients.sql.serverBlobAuditingPolicies.get(group, name, { abortSignal }),
    ),
  ]);
  return {
    server,
    ...(firewallRules ? { firewallRules } : {}),
    ...(auditing?.state ? { auditingState: auditing.state } : {}),
    ...(auditing?.retentionDays !== undefined
      ? { auditingRetentionDays: auditing.retentionDays }
      : {}),
  };
}
