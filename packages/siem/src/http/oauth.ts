// Access tokens for the HTTP destinations (OAuth 2.0 client credentials for Azure, a signed JWT
// assertion for Google), requested through the tenant's network and cached until shortly before
// they expire.
import { createSign } from 'node:crypto';
import type { EgressFailureKind, Network } from '@netguard/egress';
import {
  dead,
  httpRequest,
  type Outcome,
  readJsonObject,
  retry,
  statusReason,
  unreachable,
} from '../delivery.ts';
import type { SiemEvent } from '../event.ts';

/**
 * A token request's failure: `retryable` for no answer and 429/5xx, else dead (bad credentials,
 * an answer without a token); `failure` how the connection failed when there was no answer.
 */
export class TokenError extends Error {
  override name = 'TokenError';
  constructor(
    readonly retryable: boolean,
    message: string,
    readonly failure?: EgressFailureKind,
  ) {
    super(message);
  }
}

/** Caches one token, fetching a new one when none is left or it expires within 60 s. */
export class TokenCache {
  private token?: { value: string; expiresAt: number };
  constructor(private readonly fetchToken: () => Promise<{ value: string; expiresInS: number }>) {}

  async get(now = Date.now()): Promise<string> {
    if (this.token && this.token.expiresAt - 60_000 > now) return this.token.value;
    const { value, expiresInS } = await this.fetchToken();
    this.token = { value, expiresAt: now + expiresInS * 1000 };
    return value;
  }

  /** Forgets the token (after a 401: it may have been revoked). */
  clear(): void {
    this.token = undefined;
  }

  /**
   * The token for sending `batch`, or the batch's outcomes when there is none: an unreachable
   * token endpoint (the egress policy's refusal included) is retried as unreachable, a busy one
   * retried, a refusal or an answer without a token dead. No ingestion request follows either.
   */
  async forBatch(batch: SiemEvent[]): Promise<{ token: string } | { outcomes: Outcome[] }> {
    try {
      return { token: await this.get() };
    } catch (error) {
      if (!(error instanceof TokenError)) throw error;
      if (error.failure) return { outcomes: unreachable(batch, error.message, error.failure) };
      return { outcomes: (error.retryable ? retry : dead)(batch, error.message) };
    }
  }
}

const DEFAULT_EXPIRES_IN_S = 3600;

/**
 * POSTs a form to a token endpoint through `network` and reads `access_token` and `expires_in`.
 * Reasons name the endpoint and the status, never what it answered.
 */
export async function requestToken(
  network: Network,
  url: string,
  form: Record<string, string>,
  timeoutMs: number,
  what: string,
): Promise<{ value: string; expiresInS: number }> {
  const answer = await httpRequest(
    network,
    url,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    },
    timeoutMs,
  );
  if (!answer.ok)
    throw new TokenError(answer.retryable, `${what} token: ${answer.reason}`, answer.kind);
  const why = statusReason(`${what} token`, answer.status);
  if (answer.status === 429 || answer.status >= 500) throw new TokenError(true, why);
  if (answer.status !== 200) throw new TokenError(false, why);
  const parsed = readJsonObject(answer.body);
  const token = parsed?.access_token;
  if (typeof token !== 'string' || token === '')
    throw new TokenError(false, `${what} token ${answer.status}: the answer holds no access_token`);
  const expiresIn = Number(parsed?.expires_in ?? DEFAULT_EXPIRES_IN_S);
  return {
    value: token,
    expiresInS: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : DEFAULT_EXPIRES_IN_S,
  };
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** A JWT signed with RS256 (RSASSA-PKCS1-v1_5 with SHA-256) by a PEM private key. */
export function signJwtRs256(
  claims: Record<string, unknown>,
  privateKeyPem: string,
  keyId?: string,
): string {
  const header = { alg: 'RS256', typ: 'JWT', ...(keyId ? { kid: keyId } : {}) };
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(privateKeyPem);
  return `${unsigned}.${base64url(signature)}`;
}
