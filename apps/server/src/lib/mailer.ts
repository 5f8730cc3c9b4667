import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Executor } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Logger } from './logger.ts';

export type MailMessage = { to: string; subject: string; text: string; link: string };
export type Mailer = { send: (message: MailMessage) => Promise<void> };

type MailerOptions = { smtpUrl?: string; from: string; db: Executor; log: Logger };

/**
 * Every message is kept in the mail_outbox table. With SMTP_URL it is also sent over SMTP and
 * marked sent; a failed delivery stays unsent in the outbox and the error propagates. Without
 * SMTP_URL its link is logged on one line, so that sign-up works on a machine with no mail server.
 */
export function createMailer({ smtpUrl, from, db, log }: MailerOptions): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    async send(message) {
      const [row] = await db.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
      if (!transport) {
        log.info(`Email to ${message.to} (${message.subject}): ${message.link}`);
        return;
      }
      const { to, subject, text } = message;
      await transport.sendMail({ from, to, subject, text });
      if (row)
        await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
    },
  };
}
