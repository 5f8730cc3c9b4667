import { SESSION_END_REASONS, type TSessionEndReason } from '@netguard/contracts';

let pending: TSessionEndReason | null = null;

/** Keeps why the session monitor signed out, for the redirect to the sign-in page. */
export function setSessionEndReason(reason: TSessionEndReason | null): void {
  pending = reason;
}

/** The sign-in path, with the reason of a monitor sign-out (kept until the next sign-in). */
export function signInPath(): string {
  return pending ? `/auth?reason=${encodeURIComponent(pending)}` : '/auth';
}

/** A reason from the sign-in page's query, if it is one of the spec's. */
export function readSessionEndReason(value: string | null): TSessionEndReason | null {
  const known = Object.values(SESSION_END_REASONS) as string[];
  return value && known.includes(value) ? (value as TSessionEndReason) : null;
}
