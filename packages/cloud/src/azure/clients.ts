// The Azure SDK clients of one scan, all pointed at the credentials' authority and Resource Manager
// endpoint, with the SDKs' own retries off (the recorder counts attempts) and instance discovery off
// (msal would otherwise ask login.microsoftonline.com about the authority).
import type { Agent } from 'node:https';
import { KeyVaultManagementClient } from '@azure/arm-keyvault';
import { NetworkManagementClient } from '@azure/arm-network';
import { ResourceManagementClient } from '@azure/arm-resources';
import { SqlManagementClient } from '@azure/arm-sql';
import { StorageManagementClient } from '@azure/arm-storage';
import { ClientSecretCredential } from '@azure/identity';
import { getClient } from '@azure-rest/core-client';
import type { AzureCredentials } from '../types.ts';

const PUBLIC_ARM_ENDPOINT = 'https://management.azure.com';

const armEndpoint = (creds: AzureCredentials) =>
  (creds.resourceManagerEndpoint ?? PUBLIC_ARM_ENDPOINT).replace(/\/+$/, '');

/** How requests leave the process: an https.Agent that trusts a private CA (a TLS-inspecting proxy, the tests' fakes). */
export type Transport = { agent?: Agent };

function pipelineOptions(transport: Transport) {
  const { agent } = transport;
  return {
    retryOptions: { maxRetries: 0 },
    additionalPolicies: agent
      ? [
          {
            position: 'perCall' as const,
            policy: {
              name: 'netguardAgent',
              sendRequest: (request: { agent?: unknown }, next: (r: never) => Promise<never>) => {
                request.agent = agent;
                return next(request as never);
              },
            },
          },
        ]
      : [],
  };
}

function azureCredential(creds: AzureCredentials, transport: Transport) {
  return new ClientSecretCredential(creds.tenantId, creds.clientId, creds.clientSecret, {
    ...pipelineOptions(transport),
    ...(creds.authorityHost ? { authorityHost: creds.authorityHost } : {}),
    disableInstanceDiscovery: true,
  });
}

export function azureClients(creds: AzureCredentials, transport: Transport) {
  const credential = azureCredential(creds, transport);
  const endpoint = armEndpoint(creds);
  const scope = `${endpoint}/.default`;
  // The clients derive the token scope from `endpoint`, except arm-storage 20, which reads only
  // `credentials.scopes` and otherwise asks for management.azure.com whatever the endpoint is.
  const options = { ...pipelineOptions(transport), endpoint, credentials: { scopes: [scope] } };
  const sub = creds.subscriptionId;
  return {
    credential,
    /** An ARM token; CAE like the SDKs' bearer policy asks, so that msal's cache serves both. */
    token: (abortSignal?: AbortSignal) =>
      credential.getToken(scope, { enableCae: true, ...(abortSignal ? { abortSignal } : {}) }),
    network: new NetworkManagementClient(credential, sub, options),
    resources: new ResourceManagementClient(credential, sub, options),
    keyVault: new KeyVaultManagementClient(credential, sub, options),
    storage: new StorageManagementClient(credential, sub, options),
    sql: new SqlManagementClient(credential, sub, options),
    /** Plain ARM reads no installed management package covers (subscriptions, locks). */
    arm: getClient(endpoint, credential, options),
  };
}

export type AzureClients = ReturnType<typeof azureClients>;
