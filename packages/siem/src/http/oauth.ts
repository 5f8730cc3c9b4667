// Access tokens for the HTTP destinations (OAuth 2.0 client credentials for Azure, a signed JWT
// assertion for Google), cached until shortly before they expire.
import { createSign } from 'node:crypto';
import { excerpt, httpRequest } from '../delivery.ts';

/** A token request's failure: `retry` for network errors and 429/5xx, else dead (bad credentials). */
export class TokenError extends Error {
  override name = 'TokenError';
  constructor(
    readonly retryable: boolean,
    message: string,
  ) {
    super(message);
  }
}

type TokenAnswer = { access_token?: string; expires_in?: number | string };

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
}

/** POSTs a form to a token endpoint and reads `access_token` and `expires_in`. */
export async function requestToken(
  url: string,
  form: Record<string, string>,
  timeoutMs: number,
  what: string,
): Promise<{ value: string; expiresInS: number }> {
  const answer = await httpRequest(
    url,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    },
    timeoutMs,
  );
  if (!answer.ok) throw new TokenError(answer.retryable, `${what} token: ${answer.reason}`);
  const why = `${what} token ${answer.status}: ${excerpt(answer.body)}`;
  if (answer.status === 429 || answer.status >= 500) throw new TokenError(true, why);
  if (answer.status !== 200) throw new TokenError(false, why);
  let parsed: TokenAnswer = {};
  try {
    parsed = JSON.parse(answer.body) as TokenAnswer;
  } catch {
    // handled below
  }
  if (!parsed.access_token) throw new TokenError(false, `${why} (no access_token)`);
  return { value: parsed.access_token, expiresInS: Number(parsed.expires_in ?? 3600) };
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
