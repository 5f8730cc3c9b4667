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

/** OAuth 2.0 error codes (RFC 6749 §5.2): named in a failure, unlike the endpoint's own text. */
const OAUTH_ERRORS = new Set([
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
]);

type TokenFailure = {
  status?: number;
  message?: string;
  cause?: unknown;
  config?: { url?: unknown };
  response?: { status?: number; data?: { error?: unknown } };
};

/** The innermost reason of a failure without an answer (fetch failed → the policy's refusal). */
function innermost(error: unknown): string {
  let e = error as TokenFailure | undefined;
  for (let i = 0; e?.cause && i < 5; i++) e = e.cause as TokenFailure;
  return e?.message ?? String(error);
}

/**
 * A failed token request as a fixed message: the HTTP status and the OAuth error code, never the
 * text of an endpoint the key chose (Google's own endpoint may say more: its words are kept).
 */
export function tokenFailureMessage(error: unknown, key: ServiceAccountKey): string | undefined {
  const e = (error ?? {}) as TokenFailure;
  const tokenUri = key.token_uri ?? GTOKEN_URL;
  if (tokenUri === GTOKEN_URL || String(e.config?.url ?? '') !== new URL(tokenUri).href)
    return undefined;
  const status = e.status ?? e.response?.status;
  if (status === undefined) return `GCP token endpoint: ${innermost(error)}`;
  const code = e.response?.data?.error;
  const oauth = typeof code === 'string' && OAUTH_ERRORS.has(code) ? ` (${code})` : '';
  return `GCP token endpoint: HTTP ${status} from the destination${oauth}`;
}

/** Gets the key's access token; an answer without one is a failed connection. */
export async function authorize(clients: { auth: JWT }) {
  const credentials = await clients.auth.authorize();
  if (!credentials.access_token)
    throw new VerificationFailed('GCP token endpoint answered without an access_token');
  return credentials;
}

function jwtFor(key: ServiceAccountKey, transport: Transport, credentialFetch?: typeof fetch): JWT {
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
        // The key names this endpoint: it is reached the way the caller says (egress-checked).
        ...(credentialFetch ? { fetchImplementation: credentialFetch } : {}),
      };
    },
  });
  return jwt;
}

export function gcpClients(
  creds: GcpCredentials,
  transport: Transport,
  credentialFetch?: typeof fetch,
) {
  const key = parseServiceAccountKey(creds.serviceAccountKey);
  const auth = jwtFor(key, transport, credentialFetch);
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
