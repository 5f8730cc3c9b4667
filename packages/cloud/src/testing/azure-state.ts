// A subscription with one well-configured resource of each kind the Azure checks read, in ARM's
// JSON shape. Tests break one property at a time and expect exactly that check to fire.
import { DEFENDER_PLANS } from '../catalog/azure-defender.ts';
import type { AzureFakeState } from './azure-fake.ts';

export const AZ_SUB = '00000000-0000-0000-0000-0000000000a1';
const RG = `/subscriptions/${AZ_SUB}/resourceGroups/prod`;
export const AZ_IDS = {
  group: RG,
  nsg: `${RG}/providers/Microsoft.Network/networkSecurityGroups/web-nsg`,
  nic: `${RG}/providers/Microsoft.Network/networkInterfaces/web-nic`,
  publicIp: `${RG}/providers/Microsoft.Network/publicIPAddresses/web-ip`,
  vault: `${RG}/providers/Microsoft.KeyVault/vaults/prod-kv`,
  storage: `${RG}/providers/Microsoft.Storage/storageAccounts/prodfiles`,
  sql: `${RG}/providers/Microsoft.Sql/servers/prod-sql`,
};

/** An NSG rule in ARM's shape. */
export const nsgRule = (
  name: string,
  priority: number,
  port: string,
  source: string,
  access = 'Allow',
) => ({
  id: `${AZ_IDS.nsg}/securityRules/${name}`,
  name,
  properties: {
    protocol: 'Tcp',
    sourcePortRange: '*',
    destinationPortRange: port,
    sourceAddressPrefix: source,
    destinationAddressPrefix: '*',
    access,
    priority,
    direction: 'Inbound',
  },
});

export function cleanAzureState(): AzureFakeState {
  return {
    tenantId: '11111111-2222-3333-4444-555555555555',
    clientId: '66666666-7777-8888-9999-000000000000',
    clientSecret: 'right-secret',
    subscriptionId: AZ_SUB,
    nsgs: [
      {
        id: AZ_IDS.nsg,
        name: 'web-nsg',
        location: 'westeurope',
        properties: {
          securityRules: [
            nsgRule('https-in', 100, '443', 'Internet'),
            nsgRule('ssh-office', 110, '22', '203.0.113.0/24'),
          ],
          networkInterfaces: [{ id: AZ_IDS.nic }],
        },
      },
    ],
    nics: [
      {
        id: AZ_IDS.nic,
        name: 'web-nic',
        location: 'westeurope',
        properties: {
          networkSecurityGroup: { id: AZ_IDS.nsg },
          ipConfigurations: [
            {
              id: `${AZ_IDS.nic}/ipConfigurations/ipconfig1`,
              name: 'ipconfig1',
              properties: { publicIPAddress: { id: AZ_IDS.publicIp } },
            },
          ],
        },
      },
    ],
    publicIps: [
      {
        id: AZ_IDS.publicIp,
        name: 'web-ip',
        location: 'westeurope',
        properties: { ipAddress: '198.51.100.10' },
      },
    ],
    groups: [
      {
        id: RG,
        name: 'prod',
        location: 'westeurope',
        tags: { owner: 'platform' },
        properties: { provisioningState: 'Succeeded' },
      },
    ],
    locks: [
      {
        id: `${RG}/providers/Microsoft.Authorization/locks/no-delete`,
        name: 'no-delete',
        type: 'Microsoft.Authorization/locks',
        properties: { level: 'CanNotDelete' },
      },
    ],
    vaults: [
      {
        id: AZ_IDS.vault,
        name: 'prod-kv',
        location: 'westeurope',
        properties: {
          tenantId: '11111111-2222-3333-4444-555555555555',
          sku: { family: 'A', name: 'standard' },
          enableSoftDelete: true,
          enablePurgeProtection: true,
          publicNetworkAccess: 'Disabled',
          enableRbacAuthorization: true,
          privateEndpointConnections: [
            {
              id: `${AZ_IDS.vault}/privateEndpointConnections/prod-kv-pe`,
              properties: {
                privateEndpoint: { id: `${RG}/providers/Microsoft.Network/privateEndpoints/kv-pe` },
                privateLinkServiceConnectionState: { status: 'Approved' },
              },
            },
          ],
          accessPolicies: [
            {
              tenantId: '11111111-2222-3333-4444-555555555555',
              objectId: 'app-reader',
              permissions: { secrets: ['get', 'list'], keys: [] },
            },
          ],
        },
      },
    ],
    storageAccounts: [
      {
        id: AZ_IDS.storage,
        name: 'prodfiles',
        location: 'westeurope',
        kind: 'StorageV2',
        sku: { name: 'Standard_LRS' },
        properties: {
          allowBlobPublicAccess: false,
          supportsHttpsTrafficOnly: true,
          minimumTlsVersion: 'TLS1_2',
          allowSharedKeyAccess: false,
          networkAcls: { defaultAction: 'Deny', bypass: 'AzureServices, Logging' },
          encryption: { keySource: 'Microsoft.Keyvault', requireInfrastructureEncryption: true },
          keyPolicy: { keyExpirationPeriodInDays: 90 },
        },
      },
    ],
    sqlServers: [
      {
        server: {
          id: AZ_IDS.sql,
          name: 'prod-sql',
          location: 'westeurope',
          properties: {
            fullyQualifiedDomainName: 'prod-sql.database.windows.net',
            minimalTlsVersion: '1.2',
            publicNetworkAccess: 'Enabled',
            administrators: {
              administratorType: 'ActiveDirectory',
              principalType: 'Group',
              login: 'sql-admins',
              sid: '00000000-0000-0000-0000-00000000a0a0',
              tenantId: '11111111-2222-3333-4444-555555555555',
            },
          },
        },
        firewallRules: [
          {
            id: `${AZ_IDS.sql}/firewallRules/office`,
            name: 'office',
            properties: { startIpAddress: '203.0.113.1', endIpAddress: '203.0.113.254' },
          },
        ],
        auditingState: 'Enabled',
        auditingRetentionDays: 120,
      },
    ],
    pricings: DEFENDER_PLANS.map((p) => ({
      name: p.pricing,
      properties: { pricingTier: 'Standard' },
    })),
  };
}
