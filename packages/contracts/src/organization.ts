import { z } from 'zod';
import { textField } from './text-field.ts';
import { ZEmail, ZRole, ZUuid } from './validation.ts';

/** How long an invitation link works. */
export const INVITATION_TTL_HOURS = 72;

/** What the members and invitations API says to people. */
export const ORGANIZATION_TEXT = {
  lastAdmin:
    'An organization needs at least one admin: make another member admin before changing or removing this one',
  alreadyMember: 'This person is already a member of the organization',
  alreadyInvited: 'This address already has a pending invitation: resend it instead',
  invitationInvalid: 'This invitation link is invalid, expired, revoked or already used',
  invitationOtherEmail: (email: string) =>
    `This invitation was sent to ${email}: sign in with that address to accept it`,
  notMember: 'You are not a member of that organization',
  onlyAdminDelete: (names: string[]) =>
    `You are the only admin of ${names.join(', ')}, which has other members: make another member admin or remove the members before deleting your account`,
  inviteSubject: (organization: string) => `You are invited to ${organization} on NetGuard`,
} as const;

export const ZInviteBody = z.object({ email: ZEmail, role: ZRole });
export type TInviteBody = z.infer<typeof ZInviteBody>;

export const ZMemberRoleBody = z.object({ role: ZRole });

export const ZMemberParams = z.object({ userId: ZUuid });
export const ZInvitationParams = z.object({ id: ZUuid });

export const ZMember = z.object({
  user_id: z.uuid(),
  email: z.string(),
  username: z.string().nullable(),
  role: ZRole,
  /** When the member last opened a session, if ever. */
  last_sign_in_at: z.string().nullable(),
  mfa_enabled: z.boolean(),
  joined_at: z.string(),
});
export type TMember = z.infer<typeof ZMember>;

export const ZInvitation = z.object({
  id: z.uuid(),
  email: z.string(),
  role: ZRole,
  invited_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
});
export type TInvitation = z.infer<typeof ZInvitation>;

export const ZMembers = z.object({ members: z.array(ZMember), invitations: z.array(ZInvitation) });
export type TMembers = z.infer<typeof ZMembers>;

export const ZAcceptInvitationBody = z.object({
  token: textField().trim().min(20, 'Invitation token required').max(200),
});

/** An organization the signed-in user belongs to. */
export const ZMembership = z.object({
  id: z.uuid(),
  name: z.string(),
  role: ZRole,
  personal: z.boolean(),
  /** The organization every read and write of this session happens in. */
  current: z.boolean(),
});
export type TMembership = z.infer<typeof ZMembership>;
export const ZMemberships = z.object({ organizations: z.array(ZMembership) });

export const ZSwitchOrganizationBody = z.object({
  organization_id: ZUuid,
});
