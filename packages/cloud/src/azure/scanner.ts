// Azure posture scan: verify with a client-credentials token from Entra and a subscription read,
// then collect subscription-wide and run the catalog's checks.
import { createRestError } from '@azure-rest/core-client';
import { AZURE_CHECKS } from '../catalog/azure.ts';
import { runScan } from '../shared/run-scan.ts';
import {
  type AzureCredentials,
  type Identity,
  type Scanner,
  VerificationFailed,
} from '../types.ts';
import { AZURE_CHECK_LOGIC } from './checks/index.ts';
import { classifyAzure } from './classify.ts';
import { type AzureClients, azureClients, type Transport } from './clients.ts';
import { collectAzure } from './collect.ts';
import { azureResources } from './resources.ts';

const SUBSCRIPTIONS_API_VERSION = '2022-12-01';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function readSubscription(
  clients: AzureClients,
  creds: AzureCredentials,
  abortSignal?: AbortSignal,
) {
  const response = await clients.arm
    .path('/subscriptions/{subscriptionId}', creds.subscriptionId)
    .get({ queryParameters: { 'api-version': SUBSCRIPTIONS_API_VERSION }, abortSignal });
  if (response.status !== '200') throw createRestError(response);
  return response.body as { subscriptionId?: string; displayName?: string; state?: string };
}

async function verify(
  creds: AzureCredentials,
  transport: Transport,
  signal?: AbortSignal,
): Promise<Identity> {
  const clients = azureClients(creds, transport);
  try {
    await clients.token(signal);
    const subscription = await readSubscription(clients, creds, signal);
    return {
      account: subscription.subscriptionId ?? creds.subscriptionId,
      principal: creds.clientId,
      ...(subscription.displayName ? { displayName: subscription.displayName } : {}),
    };
  } catch (error) {
    throw new VerificationFailed(messageOf(error));
  }
}

/** An Azure scanner whose requests go through `transport` (the default sends them as Node does). */
export function createAzureScanner(transport: Transport = {}): Scanner<'azure'> {
  return {
    provider: 'azure',
    checks: AZURE_CHECKS,
    verify: (creds, options) => verify(creds, transport, options?.signal),
    scan: async (creds, options = {}) => {
      const clients = azureClients(creds, transport);
      const result = await runScan(
        {
          provider: 'azure',
          account: creds.subscriptionId,
          catalog: AZURE_CHECKS,
          checks: AZURE_CHECK_LOGIC,
          resources: azureResources,
          classify: classifyAzure,
          collect: (recorder, wanted) =>
            collectAzure(clients, creds.subscriptionId, recorder, wanted),
        },
        options,
      );
      return [result];
    },
  };
}

export const azureScanner = createAzureScanner();
