// Google APIs for the executors: the scanner's clients (key, token_uri, apiEndpoint, transport)
// asking for the cloud-platform scope that writes need, and compute operations waited for.
import type { compute_v1 } from '@googleapis/compute';
import { gcpClients } from '@netguard/cloud';
import type { CloudSession } from './session.ts';

export type GcpSession = CloudSession<'gcp'>;

const WRITE_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
/** Rounds of globalOperations.wait (each waits up to two minutes on Google's side). */
const WAIT_ROUNDS = 5;

/** Made inside a step: a key that does not parse is then the call's failure. */
export const google = (session: GcpSession) =>
  session.once('clients', () => {
    const clients = gcpClients(session.credentials, session.options.transport ?? {});
    clients.auth.scopes = [WRITE_SCOPE];
    return clients;
  });

/** The operation once DONE; its error as the failure. */
export async function finished(
  session: GcpSession,
  project: string,
  operation: compute_v1.Schema$Operation,
) {
  let op = operation;
  for (let round = 0; round < WAIT_ROUNDS && op.status !== 'DONE'; round++)
    op = (
      await google(session).compute.globalOperations.wait({ project, operation: op.name ?? '' })
    ).data;
  if (op.status !== 'DONE') throw new Error(`Operation ${op.name} is still ${op.status}`);
  const error = op.error?.errors?.[0];
  if (error) throw new Error(`${error.code}: ${error.message}`);
  return { name: op.name, operationType: op.operationType, status: op.status };
}
