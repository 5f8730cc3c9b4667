import {
  type TMfaSignInBody,
  type TSignInBody,
  type TSignUpBody,
  ZMessage,
  ZSession,
  ZSignInResult,
} from '@netguard/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Mutation keys of the auth domain (auth has no cached queries: the session lives in memory). */
export const authKeys = {
  all: ['auth'] as const,
  confirm: () => [...authKeys.all, 'confirm'] as const,
  resetRequest: () => [...authKeys.all, 'reset-request'] as const,
  resetPassword: () => [...authKeys.all, 'reset-password'] as const,
};

/** The password step: a session, or the challenge of the MFA second step. */
export function requestSignIn(body: TSignInBody) {
  return apiRequest('/api/auth/sign-in', {
    method: 'POST',
    body,
    auth: false,
    schema: ZSignInResult,
  });
}

/** The MFA second step: the challenge token and a code are worth the session. */
export function requestMfaSignIn(body: TMfaSignInBody) {
  return apiRequest('/api/auth/mfa', { method: 'POST', body, auth: false, schema: ZSession });
}

export function requestSignUp(body: TSignUpBody) {
  return apiRequest('/api/auth/sign-up', { method: 'POST', body, auth: false, schema: ZMessage });
}

export function requestRefresh() {
  return apiRequest('/api/auth/refresh', {
    method: 'POST',
    auth: false,
    csrf: true,
    schema: ZSession,
  });
}

export function requestSignOut() {
  return apiRequest('/api/auth/sign-out', { method: 'POST', csrf: true });
}

/** Confirms an email address with the token of the emailed `/auth?confirm=` link. */
export function useConfirmEmail() {
  return useMutation({
    mutationKey: authKeys.confirm(),
    mutationFn: (token: string) =>
      apiRequest('/api/auth/confirm', {
        method: 'POST',
        body: { token },
        auth: false,
        schema: ZMessage,
      }),
  });
}

/** Asks the server to email a password reset link. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationKey: authKeys.resetRequest(),
    mutationFn: (email: string) =>
      apiRequest('/api/auth/password-reset', {
        method: 'POST',
        body: { email },
        auth: false,
        schema: ZMessage,
      }),
  });
}

/** Sets a new password with the token of the emailed `/auth?reset=` link. */
export function useResetPassword() {
  return useMutation({
    mutationKey: authKeys.resetPassword(),
    mutationFn: (body: { token: string; password: string; revoke_api_keys: boolean }) =>
      apiRequest('/api/auth/password-reset', { method: 'POST', body, auth: false }),
  });
}
