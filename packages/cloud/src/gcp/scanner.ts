// GCP posture scan: verify with a token from the key (JWT grant at its token_uri) and a project
// read, then collect the project and run the catalog's checks.
import { GCP_CHECKS } from '../catalog/gcp.ts';
import { runScan } from '../shared/run-scan.ts';
import { type GcpCredentials, type Identity, type Scanner, VerificationFailed } from '../types.ts';
import { GCP_CHECK_LOGIC } from './checks/index.ts';
import { classifyGcp, googleMessage } from './classify.ts';
import { gcpClients, type Transport } from './clients.ts';
import { collectGcp } from './collect.ts';

async function verify(
  creds: GcpCredentials,
  transport: Transport,
  signal?: AbortSignal,
): Promise<Identity> {
  const clients = gcpClients(creds, transport);
  try {
    await clients.auth.authorize();
    const { data } = await clients.resourceManager.projects.get(
      { projectId: creds.projectId },
      { signal },
    );
    return {
      account: data.projectId ?? creds.projectId,
      principal: clients.key.client_email,
      ...(data.name ? { displayName: data.name } : {}),
    };
  } catch (error) {
    throw new VerificationFailed(googleMessage(error));
  }
}

/** A GCP scanner whose requests go through `transport` (the default sends them as Node does). */
export function createGcpScanner(transport: Transport = {}): Scanner<'gcp'> {
  return {
    provider: 'gcp',
    checks: GCP_CHECKS,
    verify: (creds, options) => verify(creds, transport, options?.signal),
    scan: async (creds, options = {}) => {
      const clients = gcpClients(creds, transport);
      const now = options.now ?? (() => new Date());
      const result = await runScan(
        {
          provider: 'gcp',
          account: creds.projectId,
          catalog: GCP_CHECKS,
          checks: GCP_CHECK_LOGIC,
          classify: classifyGcp,
          collect: (recorder, wanted) =>
            collectGcp(clients, creds.projectId, recorder, wanted, now()),
        },
        options,
      );
      return [result];
    },
  };
}

export const gcpScanner = createGcpScanner();
