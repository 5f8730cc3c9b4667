import { z } from 'zod';
import { textField } from './text-field.ts';

/** How often the web checks that its session is still valid (spec part 2 §9). */
export const SESSION_CHECK_INTERVAL_MS = 60_000;

/** Why the session monitor signed the user out (spec part 2 §8), shown on the sign-in page. */
export const SESSION_END_REASONS = {
  noSession: 'No active session',
  expired: 'Session expired',
  cacheExpired: 'Cached session expired',
  validationError: 'Validation error',
} as const;
export type TSessionEndReason = (typeof SESSION_END_REASONS)[keyof typeof SESSION_END_REASONS];
const REASONS = Object.values(SESSION_END_REASONS) as [TSessionEndReason, ...TSessionEndReason[]];
export const ZSessionEndReason = z.enum(REASONS);

/** The description of the security event logged when a session starts. */
export const SESSION_START_EVENT = 'session_start';

export const ZSessionStartBody = z.object({
  /** Hex hash of the browser's fingerprint (user agent and screen); the server hashes the UA otherwise. */
  fingerprint: textField()
    .regex(/^[0-9a-f]{8,128}$/, 'Fingerprint must be a hex hash')
    .optional(),
});
export type TSessionStartBody = z.infer<typeof ZSessionStartBody>;

export const ZSessionStartResult = z.object({
  /** False when this session's start was already logged (a page reload). */
  logged: z.boolean(),
  session_id: z.string(),
  fingerprint: z.string(),
  risk_score: z.number(),
});

/** The answer of GET /api/auth/session-check: valid, or the reason the session ended. */
export const ZSessionValidation = z.discriminatedUnion('valid', [
  z.object({ valid: z.literal(true), expires_at: z.number().int() }),
  z.object({ valid: z.literal(false), reason: ZSessionEndReason }),
]);
export type TSessionValidation = z.infer<typeof ZSessionValidation>;
