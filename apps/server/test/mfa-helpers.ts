import type { Account, TestContext } from './helpers.ts';
import { totpCode } from './totp-code.ts';

/** POST /api/mfa as `account`. */
export function manageMfa(ctx: TestContext, account: Account, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/mfa', headers: account.auth, payload });
}

/** Turns TOTP on the way the MFA card does; returns the secret and the backup codes. */
export async function enableTotp(ctx: TestContext, account: Account) {
  const started = await manageMfa(ctx, account, { action: 'enable', method: 'totp' });
  if (started.statusCode !== 200) throw new Error(`enable failed: ${started.body}`);
  const secret: string = started.json().secret;
  const verified = await manageMfa(ctx, account, {
    action: 'verify',
    method: 'totp',
    verification_code: totpCode(secret),
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  return { secret, backupCodes: verified.json().backup_codes as string[] };
}

/** POST /api/auth/mfa: the sign-in second step. */
export function redeem(ctx: TestContext, challengeToken: string, code: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/mfa',
    payload: { challenge_token: challengeToken, code },
  });
}
