import {
  type TSessionValidation,
  ZSessionStartResult,
  ZSessionValidation,
} from '@netguard/contracts';
import { SessionCheckUnreachable } from '@/features/auth/session-monitor';
import { apiRequest } from '@/lib/api-client';

/** GET /api/auth/session-check with the given token; throws on an unexpected answer. */
export async function requestSessionCheck(accessToken: string): Promise<TSessionValidation> {
  let response: Response;
  try {
    response = await fetch('/api/auth/session-check', {
      headers: { Accept: 'application/json', Authorization: `Bearer ${accessToken}` },
    });
  } catch {
    throw new SessionCheckUnreachable('NetGuard server unreachable');
  }
  if (!response.ok) throw new Error(`Session check failed: HTTP ${response.status}`);
  return ZSessionValidation.parse(await response.json());
}

/** Hex SHA-256 of what identifies this browser (user agent, language, screen), cut to 32. */
export async function browserFingerprint(): Promise<string | undefined> {
  if (typeof crypto === 'undefined' || !crypto.subtle) return undefined;
  const parts = [
    navigator.userAgent,
    navigator.language,
    typeof screen === 'undefined' ? '' : `${screen.width}x${screen.height}x${screen.colorDepth}`,
  ];
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(parts.join('|')));
  return [...new Uint8Array(digest)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 32);
}

/** Logs the session_start security event (once per session; the server ignores repeats). */
export async function logSessionStart(): Promise<void> {
  const fingerprint = await browserFingerprint();
  await apiRequest('/api/security/session-start', {
    method: 'POST',
    body: fingerprint ? { fingerprint } : {},
    schema: ZSessionStartResult,
  });
}
