// An integration row as the forwarder and Test Connection use it: its destination with the
// credentials opened, sending through the network (egress policy) of whom it sends for.
import type { TSiemCredentials } from '@netguard/contracts';
import type { Network } from '@netguard/egress';
import { createDestination, type Destination, redact } from '@netguard/siem';
import type { siemIntegrations } from '../../db/schema.ts';
import type { ServerEgress } from '../../lib/egress.ts';
import { createSealer, type Sealer } from '../../lib/sealed-secrets.ts';

export type IntegrationRow = typeof siemIntegrations.$inferSelect;

/** The sender of an integration, its credentials opened with `secrets`, connecting through `network`. */
export function destinationOf(row: IntegrationRow, secrets: Sealer, network: Network): Destination {
  const credentials = secrets.open(
    row.organizationId,
    row.id,
    row.sealedCredentials,
  ) as TSiemCredentials;
  return createDestination({
    type: row.type,
    endpoint: row.endpoint,
    authType: row.authType,
    credentials,
    options: row.options,
    settings: row.settings,
    channel: row.channel,
    network,
  });
}

/**
 * The network forwarding sends through: an operator's reach only when a deployment operator made
 * the integration's last save, a tenant's otherwise (nobody is signed in behind a worker).
 */
export const forwardingNetwork = (
  egress: Pick<ServerEgress, 'tenant' | 'operator'>,
  row: Pick<IntegrationRow, 'savedByOperator'>,
): Network => (row.savedByOperator ? egress.operator() : egress.tenant());

/** The destination as shown in security events: the endpoint without credentials or secrets. */
export const endpointShown = (row: Pick<IntegrationRow, 'endpoint'>): string =>
  redact(row.endpoint);

/** An integration's credentials, sealed with a key of their own purpose (see createSealer). */
export const createSiemSecrets = (secret: string): Sealer =>
  createSealer(secret, 'siem-credentials-encryption');

/** The status of an integration with no error to show: inactive while realtime forwarding is off. */
export const healthyStatus = (settings: { enableRealtime: boolean }): 'active' | 'inactive' =>
  settings.enableRealtime ? 'active' : 'inactive';
