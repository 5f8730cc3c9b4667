import type { TSsoFailureReason } from '@netguard/contracts';
import { classifyFailure, type Network } from '@netguard/egress';
import * as oidc from 'openid-client';
import { AppError } from '../../lib/errors.ts';
import { SsoFailure, type SsoIdentity } from './sso.identity.ts';

const LOOPBACK_HOST = /^(127(\.\d{1,3}){3}|localhost|\[::1\])$/;
const SCOPE = 'openid email profile';
const TIMEOUT_SECONDS = 10;

/** Plain http only for an issuer on this machine (a test or development IdP); https otherwise. */
const allowsHttp = (issuer: URL) =>
  issuer.protocol === 'http:' && LOOPBACK_HOST.test(issuer.hostname);

export type OidcClient = { issuer: string; clientId: string; clientSecret: string };

/** Why openid-client refused the callback, as a reason the user and the security event see. */
function failureOf(error: unknown): { reason: TSsoFailureReason; detail: string } {
  type Coded = { code?: string; message?: string; error?: string; cause?: unknown };
  const outer = error as Coded;
  // openid-client wraps what oauth4webapi found ("invalid response encountered") in `cause`.
  const inner = (outer.cause && typeof outer.cause === 'object' ? outer.cause : {}) as Coded;
  const code = inner.code ?? outer.code;
  const detail = outer.error ?? inner.message ?? outer.message ?? 'unknown error';
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return { reason: 'expired', detail };
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && /"aud"/.test(detail))
    return { reason: 'wrong_audience', detail };
  if (/signature/i.test(detail)) return { reason: 'invalid_signature', detail };
  if (
    outer.error ||
    code === 'OAUTH_RESPONSE_BODY_ERROR' ||
    code === 'OAUTH_AUTHORIZATION_RESPONSE_ERROR'
  )
    return { reason: 'idp_error', detail };
  return { reason: 'invalid_token', detail };
}

/**
 * Why the issuer could not be used: a failed connection classified (refused, timed out, TLS, the
 * egress policy), openid-client's own fixed words otherwise; never what the destination sent.
 */
export function unreachable(error: unknown): string {
  const failure = classifyFailure(error);
  if (failure.kind !== 'network' || (error as Error)?.message === 'fetch failed')
    return failure.message;
  return (error as Error)?.message || 'unreachable';
}

/**
 * OpenID Connect relying party (authorization code + PKCE + nonce, ID token signatures checked
 * against the issuer's JWKS). Discovery results are cached per issuer and client.
 */
export function createOidcClient(redirectUri: string) {
  const cache = new Map<string, Promise<oidc.Configuration>>();

  /**
   * Discovery, then the token, JWKS and userinfo requests, all through `network` (the egress
   * policy of whoever the configuration acts for).
   */
  function configure(client: OidcClient, network: Network): Promise<oidc.Configuration> {
    const key = JSON.stringify([client, network.who.operator]);
    const cached = cache.get(key);
    if (cached) return cached;
    const issuer = new URL(client.issuer);
    const execute = [oidc.enableNonRepudiationChecks];
    if (allowsHttp(issuer)) execute.unshift(oidc.allowInsecureRequests);
    const pending = oidc
      .discovery(issuer, client.clientId, client.clientSecret, undefined, {
        execute,
        timeout: TIMEOUT_SECONDS,
        [oidc.customFetch]: network.fetch as oidc.CustomFetch,
      })
      .catch((error: unknown) => {
        cache.delete(key);
        throw error;
      });
    cache.set(key, pending);
    return pending;
  }

  return {
    /** Reads the discovery document; a 400 naming the problem when it cannot. */
    async check(client: OidcClient, network: Network) {
      try {
        await configure(client, network);
      } catch (error) {
        const reason = unreachable(error);
        throw new AppError(
          'bad_request',
          400,
          `Could not use the issuer ${client.issuer}: ${reason}`,
        );
      }
    },

    /** The authorization URL and what the callback needs to check. */
    async start(client: OidcClient, state: string, network: Network) {
      const config = await configure(client, network);
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, codeVerifier, nonce };
    },

    /** Redeems the code (with the PKCE verifier) and checks the ID token; the user's claims. */
    async finish(
      client: OidcClient,
      callbackUrl: URL,
      checks: { state: string; codeVerifier: string; nonce: string },
      groupsClaim: string,
      network: Network,
    ): Promise<SsoIdentity> {
      try {
        const config = await configure(client, network);
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          expectedState: checks.state,
          pkceCodeVerifier: checks.codeVerifier,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims)
          throw new SsoFailure('invalid_token', 'the identity provider sent no ID token');
        const info = await oidc
          .fetchUserInfo(config, tokens.access_token, claims.sub)
          .catch(() => ({}) as Record<string, unknown>);
        const all: Record<string, unknown> = { ...info, ...claims };
        const verified = all.email_verified;
        return {
          subject: claims.sub,
          email: typeof all.email === 'string' && verified !== false ? all.email : undefined,
          groups: toGroups(all[groupsClaim]),
        };
      } catch (error) {
        if (error instanceof SsoFailure) throw error;
        const { reason, detail } = failureOf(error);
        throw new SsoFailure(reason, detail);
      }
    },
  };
}

/** A claim holding groups: an array of strings, or one string. */
export function toGroups(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

export type OidcRelyingParty = ReturnType<typeof createOidcClient>;
