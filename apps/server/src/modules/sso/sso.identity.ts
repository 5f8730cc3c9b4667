import type { TSsoFailureReason } from '@netguard/contracts';

/** Who the identity provider says signed in. */
export type SsoIdentity = { subject: string; email: string | undefined; groups: string[] };

/** A refused SSO response, with the reason the user and the security event get. */
export class SsoFailure extends Error {
  constructor(
    readonly reason: TSsoFailureReason,
    message: string,
  ) {
    super(message);
    this.name = 'SsoFailure';
  }
}
