import { createHmac, randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  ORGANIZATION_TEXT,
  REFRESH_TOKEN_TTL_S,
  SSO_TEXT,
  type TMfaChallenge,
  type TMfaSignInBody,
  type TRole,
  type TSession,
  type TSignInBody,
} from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import type { AccessClaims, AccessTokens } from '../../lib/access-token.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { deriveKey } from '../../lib/secret-key.ts';
import { insertAccountSecurityEvent, type RequestMeta } from '../audit/audit.repo.ts';
import type { MfaSignIn } from '../mfa/mfa.sign-in.ts';
import { sessionPolicyExpired } from '../security-center/policies.ts';
import { findSessionPin, pinSession } from '../sso/sso.repo.ts';
import { createSignInCheck, type SsoPasswordGate } from './sign-in.ts';
import * as tokensRepo from './tokens.repo.ts';
import * as usersRepo from './users.repo.ts';

/** The authenticated caller, set on `request.auth` by the auth guard. */
export type AuthContext = {
  userId: string;
  organizationId: string;
  role: TRole;
  sessionId: string;
  /** Set when the caller authenticated with an API key instead of a session. */
  apiKeyId?: string;
};

export type IssuedSession = { session: TSession; refreshToken: string };

class RotationConflict extends Error {}

const sessionExpired = () => new AppError('unauthorized', 401, AUTH_MESSAGES.sessionExpired);

/**
 * How long a just-rotated refresh token still answers with its successor: two tabs refreshing
 * at once both stay signed in. Past it, the old token coming back is reuse.
 */
export const ROTATION_GRACE_MS = 30_000;

type Deps = {
  db: Executor;
  tokens: AccessTokens;
  secret: string;
  secondFactor: MfaSignIn;
  /** What "require SSO" of the user's organizations says of a password sign-in. */
  ssoGate?: SsoPasswordGate;
};

export function createSessionService({ db, tokens, secret, secondFactor, ssoGate }: Deps) {
  const checkSignIn = createSignInCheck({ db, secondFactor, ssoGate });
  const successorKey = deriveKey(secret, 'refresh-token-successor');
  /**
   * The token that replaces `token` on rotation: derived, not stored, so a request that lost
   * the race (or came within the grace window) can be given the same one.
   */
  const successorOf = (token: string) =>
    createHmac('sha256', successorKey).update(token).digest('base64url');

  async function describe(
    userId: string,
    organizationId: string,
    access: { token: string; expiresAt: number },
  ): Promise<TSession> {
    const user = await usersRepo.findSessionUser(db, userId, organizationId);
    if (!user) throw sessionExpired();
    return {
      access_token: access.token,
      expires_at: access.expiresAt,
      user: {
        id: user.id,
        email: user.email,
        username: user.username ?? null,
        organization_id: organizationId,
        role: user.role ?? 'viewer',
        email_confirmed: user.emailConfirmedAt !== null,
        created_at: user.createdAt.toISOString(),
      },
    };
  }

  async function issue(
    userId: string,
    familyId: string,
    refreshToken: string,
  ): Promise<IssuedSession> {
    // An SSO session never falls back to the personal organization (it ends instead).
    const pinned = await findSessionPin(db, familyId);
    const organizationId =
      (await usersRepo.findSessionOrganizationId(db, userId, familyId)) ??
      (pinned ? undefined : await usersRepo.findPersonalOrganizationId(db, userId));
    if (!organizationId) throw sessionExpired();
    const access = await tokens.sign({ userId, organizationId, sessionId: familyId });
    return { session: await describe(userId, organizationId, access), refreshToken };
  }

  function newRefreshToken(
    userId: string,
    familyId: string,
    meta: RequestMeta,
    token = randomToken(),
  ) {
    const values: tokensRepo.NewRefreshToken = {
      userId,
      familyId,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_S * 1000),
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      ip: meta.ip,
    };
    return { token, values };
  }

  /**
   * Opens a new session (refresh family) for a user who has fully signed in. An SSO sign-in
   * passes the organization whose provider vouched for the user: the session works there and
   * is pinned to it (it cannot switch to the user's other organizations).
   */
  async function open(
    userId: string,
    meta: RequestMeta,
    ssoOrganizationId?: string,
  ): Promise<IssuedSession> {
    const familyId = randomUUID();
    const { token, values } = newRefreshToken(userId, familyId, meta);
    if (!(await tokensRepo.insertRefreshToken(db, values)))
      throw new Error('refresh token insert returned nothing');
    if (ssoOrganizationId) {
      const scope = { userId, sessionId: familyId };
      await usersRepo.setSessionOrganization(db, scope, ssoOrganizationId);
      await pinSession(db, { familyId, userId, organizationId: ssoOrganizationId });
    }
    return issue(userId, familyId, token);
  }

  type TokenRow = NonNullable<Awaited<ReturnType<typeof tokensRepo.findRefreshToken>>>;

  /**
   * A token rotated less than ROTATION_GRACE_MS ago whose successor is still live: the same
   * successor and a new access token of the session; otherwise null.
   */
  async function reissueWithinGrace(row: TokenRow, presented: string) {
    if (!row.revokedAt || !row.replacedById) return null;
    if (Date.now() - row.revokedAt.getTime() > ROTATION_GRACE_MS) return null;
    const next = successorOf(presented);
    const successor = await tokensRepo.findRefreshTokenById(db, row.replacedById);
    const live =
      successor &&
      !successor.revokedAt &&
      successor.expiresAt.getTime() > Date.now() &&
      successor.tokenHash === sha256(next);
    return live ? issue(row.userId, row.familyId, next) : null;
  }

  return {
    /** Checks credentials (with lockout); with MFA on, a challenge comes back instead of a session. */
    async signIn(
      body: TSignInBody,
      meta: RequestMeta,
    ): Promise<IssuedSession | { challenge: TMfaChallenge }> {
      const { user, challenge } = await checkSignIn(body, meta);
      return challenge ? { challenge } : open(user.id, meta);
    },

    /** Opens a session for a user an identity provider vouched for (SSO), in that organization. */
    open,

    /** The sign-in second step: a challenge token and its code are worth one session. */
    async completeSignIn(body: TMfaSignInBody, meta: RequestMeta): Promise<IssuedSession> {
      return open(await secondFactor.redeem(body, meta), meta);
    },

    /**
     * Rotates a refresh token. A rotated one presented again within the grace window gets the same
     * successor; past it, or once the successor is gone, that is reuse and revokes the family.
     */
    async refresh(presented: string, meta: RequestMeta): Promise<IssuedSession> {
      const current = await tokensRepo.findRefreshToken(db, sha256(presented));
      if (!current) throw sessionExpired();
      const reuse = async () => {
        await tokensRepo.revokeFamily(db, current.familyId);
        // A second holder of the token means it was stolen: critical, so the admins of every
        // organization the session could reach are alerted.
        await insertAccountSecurityEvent(
          db,
          {
            userId: current.userId,
            eventType: 'security_violation',
            severity: 'critical',
            description: 'Refresh token reuse detected: session revoked',
            metadata: { outcome: 'refresh_token_reuse', family_id: current.familyId },
          },
          meta,
        );
        return sessionExpired();
      };
      // A rotated token coming back after the grace window means two holders: reuse. Revoked by
      // sign-out/reset: expired.
      if (current.revokedAt) {
        const again = await reissueWithinGrace(current, presented);
        if (again) return again;
        throw current.replacedById ? await reuse() : sessionExpired();
      }
      if (current.expiresAt.getTime() <= Date.now()) throw sessionExpired();
      // The organization's session policy (idle timeout, absolute lifetime) ends it for good.
      if (await sessionPolicyExpired(db, current)) {
        await tokensRepo.revokeFamily(db, current.familyId);
        throw sessionExpired();
      }
      const next = successorOf(presented);
      const { values } = newRefreshToken(current.userId, current.familyId, meta, next);
      const rotated = await db
        .transaction(async (tx) => {
          const nextId = await tokensRepo.insertRefreshToken(tx, values);
          // Another request rotated the same token first (it inserted the same successor).
          if (!nextId || !(await tokensRepo.markRotated(tx, current.id, nextId)))
            throw new RotationConflict();
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof RotationConflict) return false;
          throw error;
        });
      if (rotated) return issue(current.userId, current.familyId, next);
      const raced = await tokensRepo.findRefreshToken(db, sha256(presented));
      const again = raced && (await reissueWithinGrace(raced, presented));
      if (again) return again;
      throw await reuse();
    },

    /** Ends the session named by a bearer token's sid or by a refresh token. */
    async signOut(by: { sessionId?: string; refreshToken?: string }) {
      if (by.sessionId) return tokensRepo.revokeFamily(db, by.sessionId);
      if (!by.refreshToken) return;
      const row = await tokensRepo.findRefreshToken(db, sha256(by.refreshToken));
      if (row) await tokensRepo.revokeFamily(db, row.familyId);
    },

    /**
     * Moves the caller's session to another organization it belongs to: the new access token
     * works there, and refreshes (a reload) stay there.
     */
    async switchOrganization(auth: AuthContext, organizationId: string): Promise<TSession> {
      const pinned = await findSessionPin(db, auth.sessionId);
      if (pinned && pinned !== organizationId)
        throw new AppError('forbidden', 403, SSO_TEXT.sessionPinned);
      if (!(await usersRepo.setSessionOrganization(db, auth, organizationId)))
        throw new AppError('not_found', 404, ORGANIZATION_TEXT.notMember);
      const access = await tokens.sign({
        userId: auth.userId,
        organizationId,
        sessionId: auth.sessionId,
      });
      return describe(auth.userId, organizationId, access);
    },

    /** Resolves a bearer token to the caller; null when invalid, expired or signed out. */
    async authenticate(bearer: string | undefined): Promise<AuthContext | null> {
      const claims = bearer ? await tokens.verify(bearer) : null;
      if (!claims) return null;
      const role = await tokensRepo.findLiveSessionRole(db, claims);
      return role ? { ...claims, role } : null;
    },

    /**
     * What a bearer token is now: live (with its expiry), ended (a genuine token whose expiry
     * passed or whose session was signed out, revoked or left the organization), or none.
     */
    async inspect(
      bearer: string | undefined,
    ): Promise<
      | { state: 'live'; claims: AccessClaims }
      | { state: 'ended'; claims: AccessClaims }
      | { state: 'none' }
    > {
      const claims = bearer ? await tokens.verify(bearer, { allowExpired: true }) : null;
      if (!claims) return { state: 'none' };
      const fresh = claims.expiresAt * 1000 > Date.now();
      if (fresh && (await tokensRepo.findLiveSessionRole(db, claims)))
        return { state: 'live', claims };
      return { state: 'ended', claims };
    },

    /** The session of a valid bearer token (the same token is returned), else null. */
    async current(bearer: string | undefined): Promise<TSession | null> {
      const claims = bearer ? await tokens.verify(bearer) : null;
      if (!bearer || !claims) return null;
      if (!(await tokensRepo.findLiveSessionRole(db, claims))) return null;
      return describe(claims.userId, claims.organizationId, {
        token: bearer,
        expiresAt: claims.expiresAt,
      });
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
