import {
  defaultUsername,
  mapSsoRole,
  SSO_TEXT,
  type TErrorCode,
  type TEventSeverity,
  type TSsoFailureReason,
  type TSsoProtocol,
} from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { hashPassword, randomToken } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import type { RequestMeta } from '../audit/audit.repo.ts';
import { appendSecurityEvents, type NewSecurityEvent } from '../audit/security-events.ts';
import type { IssuedSession, SessionService } from '../auth/sessions.service.ts';
import * as usersRepo from '../auth/users.repo.ts';
import type { SsoIdentity } from './sso.identity.ts';
import * as repo from './sso.repo.ts';

const REASON_TEXT: Record<TSsoFailureReason, string> = {
  invalid_state:
    'the sign-in request is unknown, was started in another browser, or does not match (state)',
  replayed: 'this sign-in response was already used (replay)',
  expired: 'the sign-in request or the identity provider response has expired',
  invalid_signature: "the signature of the identity provider's response is invalid (tampered)",
  wrong_audience: 'the token or assertion was issued for another service (wrong audience)',
  invalid_token: "the identity provider's response is invalid",
  idp_error: 'the identity provider refused the sign-in',
  email_missing: 'the identity provider sent no verified e-mail address',
  domain_not_allowed: "the e-mail domain is not one of the organization's verified SSO domains",
  account_not_member:
    'an account with this e-mail exists outside this organization: ask an administrator to invite it first',
  not_available: 'single sign-on is not available for this organization',
};

const STATUS: Record<TSsoFailureReason, number> = {
  invalid_state: 400,
  replayed: 400,
  expired: 400,
  invalid_signature: 401,
  wrong_audience: 401,
  invalid_token: 401,
  idp_error: 401,
  email_missing: 400,
  domain_not_allowed: 403,
  account_not_member: 403,
  not_available: 402,
};

const CODE: Record<number, TErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  402: 'payment_required',
  403: 'forbidden',
};

/** Tampering and replays are violations; the rest are failed sign-in attempts. */
const VIOLATIONS = new Set<TSsoFailureReason>(['invalid_signature', 'replayed', 'wrong_audience']);
/**
 * A response used twice was captured by someone else (an attack in progress, not a broken
 * provider): critical, so the organization's admins are alerted. Other refusals stay medium.
 */
const severityOf = (reason: TSsoFailureReason): TEventSeverity =>
  reason === 'replayed' ? 'critical' : 'medium';

type Deps = { db: Executor; sessions: SessionService };

/** The end of every SSO sign-in: refusals with their reason and event, or JIT membership and a session. */
export function createSsoCompletion({ db, sessions }: Deps) {
  const event = (
    meta: RequestMeta,
    values: Omit<NewSecurityEvent, 'ipAddress' | 'userAgent'>,
  ): NewSecurityEvent => ({ ...values, ipAddress: meta.ip, userAgent: meta.userAgent });

  /** Writes the refusal's security event; the AppError to throw (4xx with the reason). */
  async function refuse(
    failure: { reason: TSsoFailureReason; detail?: string },
    context: { organizationId: string | null; protocol: TSsoProtocol; email?: string },
    meta: RequestMeta,
  ): Promise<AppError> {
    const { reason, detail } = failure;
    await appendSecurityEvents(db, [
      event(meta, {
        userId: null,
        organizationId: context.organizationId,
        eventType: VIOLATIONS.has(reason) ? 'security_violation' : 'auth_attempt',
        severity: severityOf(reason),
        description: `SSO sign-in refused: ${reason}`,
        metadata: {
          outcome: 'sso_refused',
          method: 'sso',
          protocol: context.protocol,
          reason,
          ...(detail ? { detail: detail.slice(0, 500) } : {}),
          ...(context.email ? { email: context.email } : {}),
        },
      }),
    ]);
    const text = detail ? `${REASON_TEXT[reason]} (${detail.slice(0, 200)})` : REASON_TEXT[reason];
    const status = STATUS[reason];
    return new AppError(CODE[status] ?? 'bad_request', status, SSO_TEXT.signInFailed(text), {
      reason,
    });
  }

  /**
   * Signs in the user the provider named: a new account (just-in-time) when the e-mail has
   * none, membership with the role the groups map to (re-applied at every sign-in; the owner
   * stays admin), and a session in the organization.
   */
  async function complete(
    config: repo.SsoConfigRow,
    identity: SsoIdentity,
    meta: RequestMeta,
  ): Promise<IssuedSession> {
    const organizationId = config.organizationId;
    const context = { organizationId, protocol: config.protocol };
    const email = identity.email?.trim().toLowerCase();
    if (!email || !/^[^@\s]+@[^@\s]+$/.test(email) || email.length > 254)
      throw await refuse({ reason: 'email_missing' }, context, meta);
    // Only a domain the organization proved it holds signs people in (or creates accounts).
    const domains = await repo.listVerifiedDomains(db, organizationId);
    if (!domains.includes(email.slice(email.lastIndexOf('@') + 1)))
      throw await refuse({ reason: 'domain_not_allowed' }, { ...context, email }, meta);

    let user = await usersRepo.findUserByEmail(db, email);
    const previousRole = user ? await repo.findRole(db, user.id, organizationId) : undefined;
    if (user && !previousRole)
      throw await refuse({ reason: 'account_not_member' }, { ...context, email }, meta);
    const jit = !user;
    if (!user) {
      const passwordHash = await hashPassword(randomToken());
      user = await db.transaction(async (tx) => {
        const created = await usersRepo.insertAccount(tx, {
          email,
          passwordHash,
          username: defaultUsername(email).slice(0, 50),
        });
        await usersRepo.markEmailConfirmed(tx, created.user.id);
        return created.user;
      });
    }
    const owner = await repo.findOrganizationOwner(db, organizationId);
    const role =
      owner === user.id
        ? 'admin'
        : mapSsoRole(identity.groups, config.roleMappings, config.defaultRole);
    await repo.setRole(db, { userId: user.id, organizationId, role });
    const issued = await sessions.open(user.id, meta, organizationId);

    const events = [
      event(meta, {
        userId: user.id,
        organizationId,
        eventType: 'auth_attempt',
        severity: 'low',
        description: 'Sign-in succeeded: success',
        metadata: {
          outcome: 'success',
          method: 'sso',
          protocol: config.protocol,
          email,
          role,
          jit,
        },
      }),
    ];
    if (previousRole && previousRole !== role)
      events.push(
        event(meta, {
          userId: user.id,
          organizationId,
          eventType: 'privilege_escalation',
          severity: 'medium',
          description: `SSO group mapping changed the role from ${previousRole} to ${role}`,
          metadata: {
            method: 'sso',
            from: previousRole,
            to: role,
            groups: identity.groups.slice(0, 50),
          },
        }),
      );
    await appendSecurityEvents(db, events);
    return issued;
  }

  return { refuse, complete };
}

export type SsoCompletion = ReturnType<typeof createSsoCompletion>;
