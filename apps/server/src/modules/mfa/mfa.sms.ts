import type { TwilioSettings } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';

export type SmsMessage = { to: string; text: string };
export type SmsSender = { send: (message: SmsMessage) => Promise<void> };

const TWILIO_API = 'https://api.twilio.com/2010-04-01';
const TWILIO_TIMEOUT_MS = 10_000;

/** Sends through Twilio's Messages REST resource; a rejection throws with Twilio's message. */
export function createTwilioSms(
  config: TwilioSettings,
  fetchImpl: typeof fetch = fetch,
): SmsSender {
  const url = `${TWILIO_API}/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const credentials = Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64');
  return {
    async send({ to, text }) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${credentials}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: to, From: config.fromNumber, Body: text }),
        signal: AbortSignal.timeout(TWILIO_TIMEOUT_MS),
      });
      if (response.ok) return;
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      throw new Error(`Twilio answered ${response.status}: ${body?.message ?? 'no message'}`);
    },
  };
}

/**
 * Without Twilio the text is kept in the mail_outbox table and logged on one line, as mail is
 * without SMTP, so SMS codes work on a machine with no provider.
 */
export function createOutboxSms({ db, log }: { db: Executor; log: Logger }): SmsSender {
  return {
    async send({ to, text }) {
      await db.insert(mailOutbox).values({ to, subject: 'SMS', text });
      log.info(`SMS to ${to}: ${text}`);
    },
  };
}

/** Twilio when configured, else the outbox. */
export function createSmsSender(deps: { twilio?: TwilioSettings; db: Executor; log: Logger }) {
  return deps.twilio ? createTwilioSms(deps.twilio) : createOutboxSms(deps);
}
