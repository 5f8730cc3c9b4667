import {
  eventRiskScore,
  INVITATION_TTL_HOURS,
  ORGANIZATION_TEXT as T,
  type TInviteBody,
  type TMembers,
  type TMembership,
  type TRole,
} from '@netguard/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { organizationInvitations, organizations, userRoles } from '../../db/schema.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { requireSession } from '../api-keys/api-keys.service.ts';
import { insertAuditLog, insertSecurityEvent, type RequestMeta } from '../audit/audit.repo.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { findSessionPin } from '../sso/sso.repo.ts';
import * as repo from './organization.repo.ts';

type Deps = { db: Executor; mailer: Mailer; publicUrl: string };

const HOUR_MS = 3_600_000;
const conflict = (message: string) => new AppError('conflict', 409, message);
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/**
 * Members of the caller's organization and invitations into it: invite by e-mail (a single-use,
 * expiring link through the mailer), resend, revoke, change a role, remove; the last admin stays.
 */
export function createOrganizationService({ db, mailer, publicUrl }: Deps) {
  async function record(
    auth: AuthContext,
    action: string,
    details: Record<string, unknown>,
    meta: RequestMeta,
    severity: 'low' | 'medium' | 'high' = 'low',
  ) {
    const who = { userId: auth.userId, organizationId: auth.organizationId };
    await insertAuditLog(db, { ...who, action, resourceType: 'organization', details }, meta);
    await insertSecurityEvent(
      db,
      {
        ...who,
        eventType: 'privilege_escalation',
        severity,
        description: `Membership change: ${action}`,
        metadata: {
          outcome: action,
          ...details,
          riskScore: eventRiskScore('privilege_escalation', severity),
        },
      },
      meta,
    );
  }

  async function sendInvitation(auth: AuthContext, id: string, email: string, token: string) {
    const organization = await repo.organizationName(db, auth.organizationId);
    const link = `${publicUrl}/auth?invite=${token}`;
    await mailer.send({
      to: email,
      subject: T.inviteSubject(organization),
      text: `You are invited to join ${organization} on NetGuard. Sign in or create an account with this address, then open the link (valid for ${INVITATION_TTL_HOURS} hours):\n\n${link}`,
      link,
    });
    return id;
  }

  /** Ensures the organization keeps an admin when `userId` stops being one. */
  async function memberRole(tx: Executor, auth: AuthContext, userId: string) {
    const member = await repo.findMembership(tx, auth.organizationId, userId);
    if (!member) throw notFound('Member');
    return member.role;
  }

  /** The member's role and the other admins (locked); refused when no admin would be left. */
  async function keepAnAdmin(tx: Executor, auth: AuthContext, userId: string) {
    const role = await memberRole(tx, auth, userId);
    const others = await repo.lockOtherAdmins(tx, auth.organizationId, userId);
    if (role === 'admin' && others.length === 0) throw conflict(T.lastAdmin);
    return { role, others };
  }

  return {
    async members(auth: AuthContext): Promise<TMembers> {
      const [members, invitations] = await Promise.all([
        repo.listMembers(db, auth.organizationId),
        repo.listPendingInvitations(db, auth.organizationId),
      ]);
      const now = Date.now();
      return {
        members: members.map((m) => ({
          user_id: m.userId,
          email: m.email,
          username: m.username ?? null,
          role: m.role,
          last_sign_in_at: iso(m.lastSignIn),
          mfa_enabled: m.mfaEnabled,
          joined_at: m.joinedAt.toISOString(),
        })),
        invitations: invitations.map((i) => ({
          id: i.id,
          email: i.email,
          role: i.role,
          invited_by: i.invitedBy,
          created_at: i.createdAt.toISOString(),
          expires_at: i.expiresAt.toISOString(),
          expired: i.expiresAt.getTime() <= now,
        })),
      };
    },

    async invite(auth: AuthContext, body: TInviteBody, meta: RequestMeta) {
      requireSession(auth);
      const email = body.email.toLowerCase();
      if (await repo.isMemberByEmail(db, auth.organizationId, email))
        throw conflict(T.alreadyMember);
      if (await repo.findLiveInvitationFor(db, auth.organizationId, email))
        throw conflict(T.alreadyInvited);
      const token = randomToken();
      const [row] = await db
        .insert(organizationInvitations)
        .values({
          organizationId: auth.organizationId,
          email,
          role: body.role,
          tokenHash: sha256(token),
          invitedBy: auth.userId,
          expiresAt: new Date(Date.now() + INVITATION_TTL_HOURS * HOUR_MS),
        })
        .returning({ id: organizationInvitations.id });
      if (!row) throw new Error('invitation insert returned nothing');
      await sendInvitation(auth, row.id, email, token);
      await record(auth, 'organization.invite', { email, role: body.role }, meta);
      const created = (await this.members(auth)).invitations.find((i) => i.id === row.id);
      if (!created) throw new Error('the new invitation is not listed');
      return created;
    },

    /** A new link (the old one stops working) and a fresh expiry, mailed again. */
    async resend(auth: AuthContext, id: string, meta: RequestMeta) {
      requireSession(auth);
      const token = randomToken();
      const [row] = await db
        .update(organizationInvitations)
        .set({
          tokenHash: sha256(token),
          expiresAt: new Date(Date.now() + INVITATION_TTL_HOURS * HOUR_MS),
        })
        .where(pendingIn(auth.organizationId, id))
        .returning({ email: organizationInvitations.email });
      if (!row) throw notFound('Invitation');
      await sendInvitation(auth, id, row.email, token);
      await record(auth, 'organization.invite_resend', { email: row.email }, meta);
    },

    async revoke(auth: AuthContext, id: string, meta: RequestMeta) {
      requireSession(auth);
      const [row] = await db
        .update(organizationInvitations)
        .set({ revokedAt: new Date() })
        .where(pendingIn(auth.organizationId, id))
        .returning({ email: organizationInvitations.email });
      if (!row) throw notFound('Invitation');
      await record(auth, 'organization.invite_revoke', { email: row.email }, meta);
    },

    async changeRole(auth: AuthContext, userId: string, role: TRole, meta: RequestMeta) {
      requireSession(auth);
      const before = await db.transaction(async (tx) => {
        const current =
          role === 'admin'
            ? await memberRole(tx, auth, userId)
            : (await keepAnAdmin(tx, auth, userId)).role;
        await repo.setRole(tx, auth.organizationId, userId, role);
        return current;
      });
      const severity = role === 'admin' && before !== 'admin' ? 'high' : 'medium';
      await record(
        auth,
        'organization.role_change',
        { userId, from: before, to: role },
        meta,
        severity,
      );
    },

    async remove(auth: AuthContext, userId: string, meta: RequestMeta) {
      requireSession(auth);
      await db.transaction(async (tx) => {
        const { others } = await keepAnAdmin(tx, auth, userId);
        await tx
          .delete(userRoles)
          .where(
            and(eq(userRoles.organizationId, auth.organizationId), eq(userRoles.userId, userId)),
          );
        // An owner who leaves hands the organization to an admin who stays.
        const heir = others[0] ?? auth.userId;
        await tx
          .update(organizations)
          .set({ ownerId: heir, personal: false })
          .where(and(eq(organizations.id, auth.organizationId), eq(organizations.ownerId, userId)));
      });
      await record(auth, 'organization.member_remove', { userId }, meta, 'medium');
    },

    /**
     * Accepts an invitation for the signed-in user whose address it was sent to: joins with the
     * invited role (single use) and returns the organization to switch the session to.
     */
    async accept(auth: AuthContext, token: string, meta: RequestMeta): Promise<string> {
      requireSession(auth);
      const user = await repo.findUser(db, auth.userId);
      if (!user) throw notFound('User');
      return db.transaction(async (tx) => {
        const [invitation] = await tx
          .select()
          .from(organizationInvitations)
          .where(
            and(
              eq(organizationInvitations.tokenHash, sha256(token)),
              isNull(organizationInvitations.acceptedAt),
              isNull(organizationInvitations.revokedAt),
              gt(organizationInvitations.expiresAt, sql`now()`),
            ),
          )
          .for('update');
        if (!invitation) throw new AppError('validation_error', 400, T.invitationInvalid);
        if (invitation.email !== user.email)
          throw new AppError('forbidden', 403, T.invitationOtherEmail(invitation.email));
        await tx
          .update(organizationInvitations)
          .set({ acceptedAt: new Date(), acceptedBy: user.id })
          .where(eq(organizationInvitations.id, invitation.id));
        await tx
          .insert(userRoles)
          .values({
            userId: user.id,
            organizationId: invitation.organizationId,
            role: invitation.role,
          })
          .onConflictDoNothing();
        await insertAuditLog(
          tx,
          {
            userId: user.id,
            organizationId: invitation.organizationId,
            action: 'organization.invite_accept',
            resourceType: 'organization',
            details: { role: invitation.role },
          },
          meta,
        );
        await insertSecurityEvent(
          tx,
          {
            userId: user.id,
            organizationId: invitation.organizationId,
            eventType: 'privilege_escalation',
            severity: invitation.role === 'admin' ? 'high' : 'low',
            description: 'Membership change: organization.invite_accept',
            metadata: {
              outcome: 'organization.invite_accept',
              role: invitation.role,
              riskScore: eventRiskScore(
                'privilege_escalation',
                invitation.role === 'admin' ? 'high' : 'low',
              ),
            },
          },
          meta,
        );
        return invitation.organizationId;
      });
    },

    /**
     * The caller's organizations. A session opened by SSO lists only its own: the organization
     * whose provider vouched for the user (its admins control that provider) learns nothing of
     * the user's other organizations.
     */
    async memberships(auth: AuthContext): Promise<TMembership[]> {
      const pinned = await findSessionPin(db, auth.sessionId);
      const rows = await repo.listMemberships(db, auth.userId);
      return rows
        .filter((r) => !pinned || r.id === pinned)
        .map((r) => ({ ...r, current: r.id === auth.organizationId }));
    },
  };
}

const pendingIn = (organizationId: string, id: string) =>
  and(
    eq(organizationInvitations.id, id),
    eq(organizationInvitations.organizationId, organizationId),
    isNull(organizationInvitations.acceptedAt),
    isNull(organizationInvitations.revokedAt),
  );

export type OrganizationService = ReturnType<typeof createOrganizationService>;
