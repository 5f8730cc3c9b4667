import {
  AUTH_MESSAGES,
  CSRF_COOKIE_NAME,
  CSRF_HEADER_NAME,
  REFRESH_COOKIE_NAME,
  REFRESH_TOKEN_TTL_S,
} from '@netguard/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken, safeEqual } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';

const REFRESH_PATH = '/api/auth';

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
  const common = { sameSite: 'strict' as const, secure, maxAge: REFRESH_TOKEN_TTL_S };
  reply.setCookie(REFRESH_COOKIE_NAME, refreshToken, {
    ...common,
    httpOnly: true,
    path: REFRESH_PATH,
  });
  const current = options.newCsrf ? undefined : request.cookies[CSRF_COOKIE_NAME];
  const csrf = current || randomToken();
  reply.setCookie(CSRF_COOKIE_NAME, csrf, { ...common, httpOnly: false, path: '/' });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(REFRESH_COOKIE_NAME, {
    path: REFRESH_PATH,
    sameSite: 'strict',
    secure,
    httpOnly: true,
  });
  reply.clearCookie(CSRF_COOKIE_NAME, { path: '/', sameSite: 'strict', secure });
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[REFRESH_COOKIE_NAME];
  return value && value.length <= 200 ? value : undefined;
}

/** Calls authenticated by cookie must echo the CSRF cookie in the x-netguard-csrf header. */
export function assertCsrf(request: FastifyRequest) {
  const cookie = request.cookies[CSRF_COOKIE_NAME];
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
