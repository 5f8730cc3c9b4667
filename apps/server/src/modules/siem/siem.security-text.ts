// What a SOC analyst reads in a forwarded sign-in event: a sentence naming who, from where and
// what came of it ("alice@example.com signed in from 203.0.113.5"), rather than the stored
// description ("Sign-in succeeded: success"), which other consumers keep as it is.

type Say = (who: string, from: string) => string;

/** Password sign-ins (auth/sign-in.ts, auth/password-guard.ts), by metadata.outcome. */
const SIGN_IN: Record<string, Say> = {
  success: (who, from) => `${who} signed in${from}`,
  mfa_required: (who, from) => `${who} gave the right password${from}; a second factor is required`,
  invalid_password: (who, from) => `Wrong password for ${who}${from}`,
  unknown_email: (who, from) => `Sign-in attempt${from} for ${who}: no account has this e-mail`,
  email_not_confirmed: (who, from) =>
    `Sign-in of ${who}${from} refused: the e-mail address is not confirmed yet`,
  sso_required: (who, from) =>
    `Password sign-in of ${who}${from} refused: the organization requires SSO`,
  break_glass_without_mfa: (who, from) =>
    `Break-glass sign-in of ${who}${from} refused: no second factor is set up`,
  locked_now: (who, from) =>
    `Wrong password for ${who}${from}: too many wrong passwords, the address is now locked out`,
  account_locked: (who, from) =>
    `Sign-in of ${who}${from} refused: the address is locked out after wrong passwords`,
  slowed_down: (who, from) =>
    `Sign-in of ${who}${from} refused: too many failed sign-ins, checks are slowed down`,
  // The second step of a sign-in with MFA (mfa/mfa.factors.ts).
  mfa_success: (who, from) => `${who} passed the second-factor check${from}`,
  mfa_failed: (who, from) => `Wrong second-factor code for ${who}${from}`,
  mfa_throttled: (who, from) =>
    `Second-factor check of ${who}${from} refused: too many wrong codes`,
};

/** Re-authentication before a sensitive change (account/account.service.ts). */
const REAUTHENTICATION: Record<string, Say> = {
  success: (who, from) => `${who} re-authenticated${from}`,
  invalid_password: (who, from) => `Wrong password for ${who} on re-authentication${from}`,
  locked_now: (who, from) =>
    `Wrong password for ${who} on re-authentication${from}: the address is now locked out`,
  account_locked: (who, from) =>
    `Re-authentication of ${who}${from} refused: the address is locked out`,
  slowed_down: (who, from) =>
    `Re-authentication of ${who}${from} refused: too many failed sign-ins, checks are slowed down`,
};

export type SignInFacts = {
  eventType: string;
  description: string;
  metadata: Record<string, unknown>;
  /** The user's e-mail, when known. */
  email?: string;
  /** The address the attempt came from, when known. */
  ip?: string;
};

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? value : undefined;

/** The sentence of an auth_attempt the maps know; the stored description otherwise. */
export function securityMessage(facts: SignInFacts): string {
  const { metadata: meta } = facts;
  const outcome = text(meta.outcome);
  if (facts.eventType !== 'auth_attempt' || !outcome) return facts.description;
  const who = facts.email ?? 'an unknown user';
  const from = facts.ip ? ` from ${facts.ip}` : '';
  if (meta.method === 'sso') {
    const protocol = text(meta.protocol)?.toUpperCase();
    const over = protocol ? ` (${protocol})` : '';
    if (outcome === 'success') return `${who} signed in with SSO${over}${from}`;
    if (outcome === 'sso_refused')
      return `SSO sign-in${over} of ${who}${from} refused: ${text(meta.reason) ?? 'no reason given'}`;
    return facts.description;
  }
  const say = (meta.reauthentication === true ? REAUTHENTICATION : SIGN_IN)[outcome];
  return say ? say(who, from) : facts.description;
}
