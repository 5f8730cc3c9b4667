import { z } from 'zod';
import { textField } from './text-field.ts';
import { ROLES, ZEmail, ZNewPassword, ZPassword, ZUsername } from './validation.ts';

export const ZSignUpBody = z.object({
  email: ZEmail,
  password: ZPassword,
  /** Defaults to the part of the email before the @ when empty. */
  username: z.union([ZUsername, z.literal('')]).optional(),
});
export type TSignUpBody = z.infer<typeof ZSignUpBody>;

/** Sign-in checks presence only: no strength rule on existing passwords. */
export const ZSignInBody = z.object({
  email: ZEmail,
  password: textField().min(1, 'Password is required').max(128, 'Password too long'),
});
export type TSignInBody = z.infer<typeof ZSignInBody>;

export const ZTokenBody = z.object({ token: textField().trim().min(20).max(200) });

/** Also revoke the user's API keys: offered with a password reset or change and sign-out-all. */
export const ZRevokeApiKeys = z.boolean().optional();

export const ZPasswordResetBody = z.union([
  z.object({ email: ZEmail }),
  z.object({
    token: textField().trim().min(20).max(200),
    password: ZNewPassword,
    revoke_api_keys: ZRevokeApiKeys,
  }),
]);

export type TPasswordResetBody = z.infer<typeof ZPasswordResetBody>;

/** POST /api/account/sign-out-all: the body is optional (Fastify gives null without one). */
export const ZSignOutAllBody = z.object({ revoke_api_keys: ZRevokeApiKeys }).nullish();

export const ZUser = z.object({
  id: z.uuid(),
  email: z.string(),
  username: z.string().nullable(),
  organization_id: z.uuid(),
  role: z.enum(ROLES),
  email_confirmed: z.boolean(),
  created_at: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZSession = z.object({
  access_token: z.string(),
  /** Expiry of the access token, seconds since the epoch. */
  expires_at: z.number().int(),
  user: ZUser,
});
export type TSession = z.infer<typeof ZSession>;

export const ZSessionOrNull = z.object({ session: ZSession.nullable() });

export const ZMessage = z.object({ message: z.string() });

/** Derives the default username from an email address. */
export function defaultUsername(email: string): string {
  return email.split('@')[0] ?? email;
}
