import { z } from 'zod';
import { ZSession } from './auth.ts';
import { textField } from './text-field.ts';

export const MFA_METHOD_VALUES = ['totp', 'sms', 'email'] as const;
export type TMfaMethod = (typeof MFA_METHOD_VALUES)[number];

/** Part-2 §5 and §9 constants of the MFA card. */
export const MFA_LIMITS = {
  codeLength: 6,
  backupCodeCount: 10,
  /** How long the copied indicator of a backup code stays, in ms. */
  backupCodeCopiedMs: 2000,
} as const;

/** Part-2 §8 toasts of the MFA card, kept verbatim. */
export const MFA_TEXT = {
  codeLabel: 'Enter 6-digit code',
  loadError: 'Error loading MFA settings',
  enableError: 'Error enabling MFA',
  verifyError: 'Error verifying MFA',
  disableError: 'Error disabling MFA',
  setupInitiated: 'MFA setup initiated',
  enabled: 'MFA enabled successfully',
  disabled: 'MFA disabled',
  backupCodeCopied: 'Backup code copied',
} as const;

/** Messages of the MFA API. */
export const MFA_MESSAGES = {
  codeFormat: 'Enter the 6-digit code',
  signInCodeFormat: 'Enter the 6-digit code or a backup code (xxxx-xxxx)',
  phoneFormat: 'Enter the phone number in international format, e.g. +14155550123',
  phoneRequired: 'A phone number is required for SMS codes',
  invalidCode: 'Invalid verification code',
  noSetup: 'No MFA setup is in progress for this method. Start the setup again.',
  alreadyEnabled: 'MFA is already enabled. Turn it off first to change the method.',
  notEnabled: 'MFA is not enabled',
  paidOnly: 'MFA is part of the Professional and Enterprise plans',
  challengeExpired: 'This sign-in attempt has expired. Please sign in again.',
  throttled: 'Too many failed verification attempts. Please wait 15 minutes and try again.',
  smsFailed: 'The SMS could not be sent. Check the phone number or try another method.',
  emailFailed: 'The email could not be sent. Please try again later.',
} as const;

export const MFA_METHOD_LABELS: Record<TMfaMethod, string> = {
  totp: 'Authenticator app',
  sms: 'SMS',
  email: 'Email',
};

/** Exactly `MFA_LIMITS.codeLength` digits. */
export const ZMfaCode = textField()
  .trim()
  .regex(new RegExp(`^\\d{${MFA_LIMITS.codeLength}}$`), MFA_MESSAGES.codeFormat);

/** A backup code: two groups of 4 letters and digits (no 0, 1, l or o), case-insensitive. */
export const BACKUP_CODE_PATTERN = /^[a-km-np-z2-9]{4}-[a-km-np-z2-9]{4}$/;

/** E.164: a plus, then up to 15 digits. */
export const ZPhone = textField()
  .trim()
  .regex(/^\+[1-9]\d{6,14}$/, MFA_MESSAGES.phoneFormat);

export const ZMfaActionBody = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('enable'),
    method: z.enum(MFA_METHOD_VALUES),
    phone: ZPhone.optional(),
  }),
  z.object({
    action: z.literal('verify'),
    method: z.enum(MFA_METHOD_VALUES),
    verification_code: ZMfaCode,
  }),
  z.object({ action: z.literal('cancel') }),
  z.object({
    action: z.literal('disable'),
    password: textField().min(1, 'Password is required').max(200),
  }),
]);
export type TMfaActionBody = z.infer<typeof ZMfaActionBody>;

/** GET /api/mfa: the caller's MFA state (one optional row, defaults when absent). */
export const ZMfaSettings = z.object({
  mfa_enabled: z.boolean(),
  mfa_method: z.enum(MFA_METHOD_VALUES).nullable(),
  /** Where codes go, masked (sms and email only). */
  destination: z.string().nullable(),
  backup_codes_remaining: z.number().int(),
  /** A setup started and not yet verified, cancelled or expired. */
  pending_method: z.enum(MFA_METHOD_VALUES).nullable(),
});
export type TMfaSettings = z.infer<typeof ZMfaSettings>;

/** POST /api/mfa: the new state plus what the action produced (manage-mfa, part-2 §7). */
export const ZMfaActionResult = z.object({
  settings: ZMfaSettings,
  /** enable totp: the otpauth:// URI as a PNG data URL. */
  qr_code_url: z.string().nullable(),
  /** enable totp: the base32 secret, for typing into the app by hand. */
  secret: z.string().nullable(),
  /** enable sms/email: where the code was sent, masked. */
  sent_to: z.string().nullable(),
  /** verify: the single-use backup codes, shown once. */
  backup_codes: z.array(z.string()).nullable(),
});
export type TMfaActionResult = z.infer<typeof ZMfaActionResult>;

/** POST /api/auth/sign-in when the account has MFA on: no session yet, a second step. */
export const ZMfaChallenge = z.object({
  mfa_required: z.literal(true),
  challenge_token: z.string(),
  method: z.enum(MFA_METHOD_VALUES),
  sent_to: z.string().nullable(),
});
export type TMfaChallenge = z.infer<typeof ZMfaChallenge>;

/** POST /api/auth/sign-in: a session, or the challenge of the second step. */
export const ZSignInResult = z.union([ZSession, ZMfaChallenge]);
export type TSignInResult = z.infer<typeof ZSignInResult>;

/** POST /api/auth/mfa: a code of the account's method, or one of its backup codes. */
export const ZMfaSignInBody = z.object({
  challenge_token: textField().trim().min(20).max(200),
  code: textField()
    .trim()
    .toLowerCase()
    .refine(
      (code) => ZMfaCode.safeParse(code).success || BACKUP_CODE_PATTERN.test(code),
      MFA_MESSAGES.signInCodeFormat,
    ),
});
export type TMfaSignInBody = z.infer<typeof ZMfaSignInBody>;
