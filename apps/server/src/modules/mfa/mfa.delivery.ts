import { MFA_MESSAGES } from '@netguard/contracts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { SmsSender } from './mfa.sms.ts';

/** How long a code sent by email or SMS stays valid. */
export const SENT_CODE_TTL_MS = 10 * 60_000;

export type CodeChannel = { method: 'email' | 'sms'; to: string };
/** setup: confirming a new method in Settings; sign_in: the second step of a sign-in. */
export type CodeUse = 'setup' | 'sign_in';

type Deps = { mailer: Mailer; sms: SmsSender; publicUrl: string; log: Logger };

/**
 * Sends one-time codes. The code leads the subject and the text, as phones show it in
 * notifications; a delivery failure is logged and answered with a 503 the user can act on.
 */
export function createCodeDelivery({ mailer, sms, publicUrl, log }: Deps) {
  return async function sendCode(channel: CodeChannel, code: string, use: CodeUse) {
    const minutes = SENT_CODE_TTL_MS / 60_000;
    const line = `${code} is your NetGuard verification code. It expires in ${minutes} minutes.`;
    try {
      if (channel.method === 'sms') return await sms.send({ to: channel.to, text: line });
      const where = use === 'sign_in' ? 'to finish signing in' : 'to turn on MFA';
      await mailer.send({
        to: channel.to,
        subject: `${code} is your NetGuard verification code`,
        text: `${line}\n\nEnter it ${where}. If you did not ask for it, someone may know your password: change it.`,
        link: `${publicUrl}${use === 'sign_in' ? '/auth' : '/dashboard/settings'}`,
      });
    } catch (error) {
      log.error({ err: error, method: channel.method }, 'sending a verification code failed');
      const message = channel.method === 'sms' ? MFA_MESSAGES.smsFailed : MFA_MESSAGES.emailFailed;
      throw new AppError('service_unavailable', 503, message);
    }
  };
}

export type SendCode = ReturnType<typeof createCodeDelivery>;
