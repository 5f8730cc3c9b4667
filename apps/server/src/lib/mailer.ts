import nodemailer from 'nodemailer';
import type { Executor } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Logger } from './logger.ts';

export type MailMessage = { to: string; subject: string; text: string; link: string };
export type Mailer = { send: (message: MailMessage) => Promise<void> };

type MailerOptions = { smtpUrl?: string; from: string; db: Executor; log: Logger };

/**
 * Sends over SMTP when SMTP_URL is set. Otherwise the message goes to the mail_outbox table and its
 * link is logged, so that sign-up works on a machine with no mail server.
 */
export function createMailer({ smtpUrl, from, db, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send({ to, subject, text }) {
        await transport.sendMail({ from, to, subject, text });
      },
    };
  }
  return {
    async send(message) {
      await db.insert(mailOutbox).values(message);
      log.info(`Email to ${message.to} (${message.subject}): ${message.link}`);
    },
  };
}
