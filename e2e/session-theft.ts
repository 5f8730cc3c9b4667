import { CSRF_COOKIE_NAME, CSRF_HEADER_NAME, REFRESH_COOKIE_NAME } from '@netguard/contracts';
import { expect } from '@playwright/test';
import type pg from 'pg';
import { PASSWORD } from './support.ts';

/** The value of cookie `name` among a response's Set-Cookie headers. */
function cookie(response: Response, name: string): string {
  const line = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  const value = line?.slice(name.length + 1).split(';')[0];
  if (!value) throw new Error(`no ${name} cookie was set`);
  return value;
}

/**
 * Plays a stolen refresh token outside the browser (its session stays): signs `email` in,
 * rotates the token, moves the rotation past its grace window and presents the old token again,
 * which the server answers with 401 and a critical "Refresh token reuse detected" event.
 */
export async function stealRefreshToken(baseURL: string, db: pg.Client, email: string) {
  const signIn = await fetch(new URL('/api/auth/sign-in', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  const stolen = cookie(signIn, REFRESH_COOKIE_NAME);
  const csrf = cookie(signIn, CSRF_COOKIE_NAME);
  const present = (token: string) =>
    fetch(new URL('/api/auth/refresh', baseURL), {
      method: 'POST',
      headers: {
        cookie: `${REFRESH_COOKIE_NAME}=${token}; ${CSRF_COOKIE_NAME}=${csrf}`,
        [CSRF_HEADER_NAME]: csrf,
      },
    });
  expect((await present(stolen)).status).toBe(200);
  await db.query(
    `update refresh_tokens set revoked_at = now() - interval '1 hour'
     where revoked_at is not null and user_id = (select id from users where email = $1)`,
    [email],
  );
  expect((await present(stolen)).status).toBe(401);
}
