import {
  AUTH_MESSAGES,
  CSRF_COOKIE_NAME,
  CSRF_HEADER_NAME,
  REFRESH_COOKIE_NAME,
  REFRESH_TOKEN_TTL_S,
  SECURE_CSRF_COOKIE_NAME,
  SECURE_REFRESH_COOKIE_NAME,
} from '@netguard/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken, safeEqual } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';

const REFRESH_PATH = '/api/auth';

/** The cookies' names: prefixed over https, where only those are read (see the constants). */
export const sessionCookieNames = (secure: boolean) =>
  secure
    ? { refresh: SECURE_REFRESH_COOKIE_NAME, csrf: SECURE_CSRF_COOKIE_NAME }
    : { refresh: REFRESH_COOKIE_NAME, csrf: CSRF_COOKIE_NAME };

/**
 * Sets the httpOnly refresh cookie (sent only to /api/auth) and the readable CSRF cookie whose
 * value the web app echoes in the x-netguard-csrf header (double submit). A new sign-in gets a
 * new CSRF value; a refresh keeps the current one.
 */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  refreshToken: string,
  options: { secure: boolean; newCsrf: boolean },
) {
  const { secure } = options;
  const names = sessionCookieNames(secure);
  const common = { sameSite: 'strict' as const, secure, maxAge: REFRESH_TOKEN_TTL_S };
  reply.setCookie(names.refresh, refreshToken, {
    ...common,
    httpOnly: true,
    path: REFRESH_PATH,
  });
  const current = options.newCsrf ? undefined : request.cookies[names.csrf];
  const csrf = current || randomToken();
  reply.setCookie(names.csrf, csrf, { ...common, httpOnly: false, path: '/' });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean) {
  const names = sessionCookieNames(secure);
  reply.clearCookie(names.refresh, {
    path: REFRESH_PATH,
    sameSite: 'strict',
    secure,
    httpOnly: true,
  });
  reply.clearCookie(names.csrf, { path: '/', sameSite: 'strict', secure });
}

export function readRefreshCookie(request: FastifyRequest, secure: boolean): string | undefined {
  const value = request.cookies[sessionCookieNames(secure).refresh];
  return value && value.length <= 200 ? value : undefined;
}

/** Calls authenticated by cookie must echo the CSRF cookie in the x-netguard-csrf header. */
export function assertCsrf(request: FastifyRequest, secure: boolean) {
  const cookie = request.cookies[sessionCookieNames(secure).csrf];
  const header = request.headers[CSRF_HEADER_NAME];
  if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
    throw new AppError('csrf_invalid', 403, AUTH_MESSAGES.csrfInvalid);
  }
}

/** The token of an `Authorization: Bearer <token>` header. */
export function readBearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S{1,4096})$/i.exec(header);
  return match?.[1];
}
