import { INVITATION_TTL_HOURS } from '@netguard/contracts';
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Executor } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Logger } from './logger.ts';

export type MailMessage = { to: string; subject: string; text: string; link: string };
export type Mailer = { send: (message: MailMessage) => Promise<void> };

type MailerOptions = { smtpUrl?: string; from: string; db: Executor; log: Logger };

/** Links outlive no token: the longest-lived one mailed is an invitation's. */
export const MAIL_LINK_KEPT_MS = INVITATION_TTL_HOURS * 60 * 60 * 1000;

/** The message as the outbox keeps it once its link may no longer be used. */
const withoutLink = (why: string) => ({
  link: null,
  text: sql`replace(${mailOutbox.text}, ${mailOutbox.link}, ${`[link removed: ${why}]`})`,
});

/**
 * Every message is kept in the mail_outbox table. With SMTP_URL it is also sent over SMTP and
 * marked sent, its link dropped from the outbox; a failed delivery stays unsent in the outbox and
 * the error propagates. Without SMTP_URL its link is logged on one line, so that sign-up works on a
 * machine with no mail server, and kept until no token it may carry still works
 * (purgeExpiredMailLinks). No usable link stays at rest, nor in backups.
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
        await db
          .update(mailOutbox)
          .set({ sentAt: new Date(), ...withoutLink('sent') })
          .where(eq(mailOutbox.id, row.id));
    },
  };
}

/** Drops the links of messages older than MAIL_LINK_KEPT_MS; how many it dropped. */
export async function purgeExpiredMailLinks(db: Executor, now = new Date()): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set(withoutLink('expired'))
    .where(
      and(
        isNotNull(mailOutbox.link),
        lt(mailOutbox.createdAt, new Date(now.getTime() - MAIL_LINK_KEPT_MS)),
      ),
    )
    .returning({ id: mailOutbox.id });
  return rows.length;
}
