// An integration row as the forwarder and Test Connection use it: its destination with the
// credentials opened.
import type { TSiemCredentials } from '@netguard/contracts';
import { createDestination, type Destination } from '@netguard/siem';
import type { siemIntegrations } from '../../db/schema.ts';
import { createSealer, type Sealer } from '../../lib/sealed-secrets.ts';

export type IntegrationRow = typeof siemIntegrations.$inferSelect;

/** The sender of an integration, its credentials opened with `secrets`. */
export function destinationOf(row: IntegrationRow, secrets: Sealer): Destination {
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
  });
}

/** An integration's credentials, sealed with a key of their own purpose (see createSealer). */
export const createSiemSecrets = (secret: string): Sealer =>
  createSealer(secret, 'siem-credentials-encryption');

/** The status of an integration with no error to show: inactive while realtime forwarding is off. */
export const healthyStatus = (settings: { enableRealtime: boolean }): 'active' | 'inactive' =>
  settings.enableRealtime ? 'active' : 'inactive';
