import { ACCESS_TOKEN_TTL_S } from '@netguard/contracts';
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import { deriveKey } from './secret-key.ts';

export type AccessClaims = {
  userId: string;
  organizationId: string;
  /** The refresh-token family the access token belongs to. */
  sessionId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
};

export type AccessTokens = ReturnType<typeof createAccessTokens>;

const ISSUER = 'netguard';
const AUDIENCE = 'netguard-api';

/** Signs and verifies the 15-minute HS256 access JWTs (claims sub, org, sid). */
export function createAccessTokens(secret: string) {
  const key = deriveKey(secret, 'jwt-access-token');
  return {
    /** `ttlSeconds` below zero mints a token already expired (the self-test's canary, only). */
    async sign(claims: Omit<AccessClaims, 'expiresAt'>, ttlSeconds = ACCESS_TOKEN_TTL_S) {
      const expiresAt = Math.floor(Date.now() / 1000) + ttlSeconds;
      const token = await new SignJWT({ org: claims.organizationId, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt };
    },
    /**
     * Returns the claims of a valid, unexpired token, or null. `allowExpired` also accepts a
     * genuine token past its expiry (to tell "your session expired" from "no session").
     */
    async verify(token: string, { allowExpired = false } = {}): Promise<AccessClaims | null> {
      try {
        const expiry = allowExpired ? decodeJwt(token).exp : undefined;
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          ...(typeof expiry === 'number' ? { currentDate: new Date((expiry - 1) * 1000) } : {}),
        });
        const { sub, org, sid, exp } = payload;
        if (typeof sub !== 'string' || typeof org !== 'string' || typeof sid !== 'string')
          return null;
        return { userId: sub, organizationId: org, sessionId: sid, expiresAt: exp ?? 0 };
      } catch {
        return null;
      }
    },
  };
}
