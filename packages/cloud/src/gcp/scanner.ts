// GCP posture scan: verify with a token from the key (JWT grant at its token_uri) and a project
// read, then collect the project and run the catalog's checks.
import { GCP_CHECKS } from '../catalog/gcp.ts';
import { runScan } from '../shared/run-scan.ts';
import {
  type GcpCredentials,
  type Identity,
  type Scanner,
  type ScanOptions,
  VerificationFailed,
} from '../types.ts';
import { GCP_CHECK_LOGIC } from './checks/index.ts';
import { classifyGcp, googleMessage } from './classify.ts';
import {
  authorize,
  type GcpClients,
  gcpClients,
  type Transport,
  tokenFailureMessage,
} from './clients.ts';
import { collectGcp } from './collect.ts';
import { gcpResources } from './resources.ts';

async function verify(
  creds: GcpCredentials,
  transport: Transport,
  options: ScanOptions = {},
): Promise<Identity> {
  const { signal, credentialFetch } = options;
  const clients = gcpClients(creds, transport, credentialFetch as typeof fetch | undefined);
  try {
    await authorize(clients);
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
    throw failure(error, clients);
  }
}

/** A failed verification: the token endpoint's failure classified, Google's own reason kept. */
const failure = (error: unknown, clients: GcpClients) =>
  error instanceof VerificationFailed
    ? error
    : new VerificationFailed(tokenFailureMessage(error, clients.key) ?? googleMessage(error));

/** A GCP scanner whose requests go through `transport` (the default sends them as Node does). */
export function createGcpScanner(transport: Transport = {}): Scanner<'gcp'> {
  return {
    provider: 'gcp',
    checks: GCP_CHECKS,
    verify: (creds, options) => verify(creds, transport, options),
    scan: async (creds, options = {}) => {
      const clients = gcpClients(
        creds,
        transport,
        options.credentialFetch as typeof fetch | undefined,
      );
      const now = options.now ?? (() => new Date());
      const result = await runScan(
        {
          provider: 'gcp',
          account: creds.projectId,
          catalog: GCP_CHECKS,
          checks: GCP_CHECK_LOGIC,
          resources: gcpResources,
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
