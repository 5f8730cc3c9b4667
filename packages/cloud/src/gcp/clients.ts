// The Google API clients of one scan. Credentials are the service-account key: its JWT grant goes
// to the key's token_uri (gtoken in google-auth-library posts to oauth2.googleapis.com whatever the
// key says, so the request is pointed at token_uri here), and every API goes to apiEndpoint when
// set. Retries are off in gaxios so the recorder counts attempts; no metadata server is consulted
// because the client is a JWT built from the key, not Application Default Credentials.
import type { Agent } from 'node:https';
import { cloudresourcemanager_v1 } from '@googleapis/cloudresourcemanager';
import { compute_v1 } from '@googleapis/compute';
import { iam_v1 } from '@googleapis/iam';
import { sqladmin_v1 } from '@googleapis/sqladmin';
import { storage_v1 } from '@googleapis/storage';
import { JWT } from 'google-auth-library';
import { type GcpCredentials, VerificationFailed } from '../types.ts';

const GTOKEN_URL = 'https://oauth2.googleapis.com/token';
const READ_ONLY_SCOPE = 'https://www.googleapis.com/auth/cloud-platform.read-only';

/** How requests leave the process: an https.Agent that trusts a private CA (a TLS-inspecting proxy, the tests' fakes). */
export type Transport = { agent?: Agent };

export type ServiceAccountKey = {
  client_email: string;
  private_key: string;
  private_key_id?: string;
  token_uri?: string;
};

/** The key as the spec wants it checked: JSON, with the fields a JWT grant needs. */
export function parseServiceAccountKey(text: string): ServiceAccountKey {
  let key: Partial<ServiceAccountKey>;
  try {
    key = JSON.parse(text);
  } catch (error) {
    throw new VerificationFailed(
      `GCP serviceAccountKey must parse as JSON: ${(error as Error).message}`,
    );
  }
  if (typeof key?.client_email !== 'string' || typeof key.private_key !== 'string') {
    throw new VerificationFailed(
      'GCP serviceAccountKey must hold client_email and private_key (a service-account key file)',
    );
  }
  return key as ServiceAccountKey;
}

function jwtFor(key: ServiceAccountKey, transport: Transport): JWT {
  const jwt = new JWT({
    email: key.client_email,
    key: key.private_key,
    ...(key.private_key_id ? { keyId: key.private_key_id } : {}),
    scopes: [READ_ONLY_SCOPE],
    transporterOptions: { ...(transport.agent ? { agent: transport.agent } : {}), retry: false },
  });
  const tokenUri = key.token_uri;
  jwt.transporter.interceptors.request.add({
    resolved: async (config) => {
      if (String(config.url) !== GTOKEN_URL) return config;
      // gtoken asks for retries on its POST; the recorder does them.
      return {
        ...config,
        url: new URL(tokenUri ?? GTOKEN_URL),
        retryConfig: { ...config.retryConfig, retry: 0 },
      };
    },
  });
  return jwt;
}

export function gcpClients(creds: GcpCredentials, transport: Transport) {
  const key = parseServiceAccountKey(creds.serviceAccountKey);
  const auth = jwtFor(key, transport);
  // The API packages type `auth` against googleapis-common's own google-auth-library (10.5); the
  // pinned 10.9 JWT is the same class at run time.
  const options = {
    auth: auth as unknown as compute_v1.Options['auth'],
    retry: false,
    ...(creds.apiEndpoint ? { rootUrl: creds.apiEndpoint } : {}),
  };
  return {
    key,
    auth,
    compute: new compute_v1.Compute(options),
    storage: new storage_v1.Storage(options),
    iam: new iam_v1.Iam(options),
    resourceManager: new cloudresourcemanager_v1.Cloudresourcemanager(options),
    sql: new sqladmin_v1.Sqladmin(options),
  };
}

export type GcpClients = ReturnType<typeof gcpClients>;
