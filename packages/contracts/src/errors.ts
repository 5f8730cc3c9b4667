import { z } from 'zod';
import { ZRequestIdField } from './request-id.ts';

export const ERROR_CODES = [
  'bad_request',
  'validation_error',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'email_not_confirmed',
  'account_locked',
  'invalid_credentials',
  'rate_limited',
  'csrf_invalid',
  'payment_required',
  'subscription_required',
  'service_unavailable',
  'internal_error',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

/**
 * Every API error body: `{ error: { code, message } }`, with the request's id beside it (also in
 * the X-Request-Id header) for the user to quote to support.
 */
export const ZApiError = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
  request_id: ZRequestIdField,
});
export type TApiError = z.infer<typeof ZApiError>;

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  emailNotConfirmed: 'Email not confirmed. Please check your email to verify your account.',
  accountLocked: (minutes: number) =>
    `Too many failed sign-in attempts from this address. Sign-in to this account from here is paused for ${minutes} minutes; other addresses are not affected.`,
  rateLimited: 'Too many requests. Please wait a minute and try again.',
  signInSlowedDown: (seconds: number) =>
    `Too many failed sign-in attempts on this account. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`,
  emailTaken: 'An account with this email already exists',
  tokenInvalid: 'This link is invalid or has expired',
  unauthorized: 'You must be signed in',
  sessionExpired: 'Session expired',
  csrfInvalid: 'Missing or invalid CSRF token',
  resetSent: 'If an account exists for this email, a password reset link has been sent.',
} as const;
