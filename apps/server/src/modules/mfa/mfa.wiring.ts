import type { Executor } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { createCodeDelivery } from './mfa.delivery.ts';
import { createFactorChecks } from './mfa.factors.ts';
import { createMfaSecrets } from './mfa.secrets.ts';
import { createMfaSetup } from './mfa.setup.ts';
import { createMfaSignIn } from './mfa.sign-in.ts';
import type { SmsSender } from './mfa.sms.ts';

type Deps = {
  db: Executor;
  /** The server secret (loadSecretKey): MFA keys are derived from it. */
  secret: string;
  mailer: Mailer;
  sms: SmsSender;
  publicUrl: string;
  log: Logger;
};

/** The MFA parts app.ts needs before the session service exists: sign-in step and setup. */
export function createMfaParts({ db, secret, mailer, sms, publicUrl, log }: Deps) {
  const secrets = createMfaSecrets(secret);
  const parts = {
    db,
    secrets,
    checks: createFactorChecks({ db, secrets }),
    sendCode: createCodeDelivery({ mailer, sms, publicUrl, log }),
  };
  return { signIn: createMfaSignIn(parts), setup: createMfaSetup(parts) };
}
