import { CSRF_COOKIE_NAME, SECURE_CSRF_COOKIE_NAME } from '@netguard/contracts';

/** The value of a readable (non-httpOnly) cookie, or null when it is not set. */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : null;
}

/**
 * The double-submit CSRF value: over https the server names the cookie with the __Host- prefix
 * (and reads only that one), over plain HTTP without it.
 */
export function readCsrfCookie(): string | null {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  return readCookie(secure ? SECURE_CSRF_COOKIE_NAME : CSRF_COOKIE_NAME);
}
