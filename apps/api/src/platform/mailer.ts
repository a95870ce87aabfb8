import type { Language } from '@app/shared/constants';
import { and, asc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, Tx } from '../db/client.ts';
import { emails, type StoredAttachment } from '../db/schema/index.ts';

/** A file sent with an email; `content` is text (an .ics) or bytes. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string | Buffer;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  language: Language;
  template: string;
  attachments?: EmailAttachment[];
}

export interface Mailer {
  /** Records the email in the outbox and, with SMTP, delivers it now. */
  send(email: OutgoingEmail): Promise<void>;
  /**
   * Records the email inside the caller's transaction (it exists exactly when the change that
   * decided it commits); `deliver` sends it after the commit. Answers the outbox row's id.
   */
  record(tx: Tx, email: OutgoingEmail): Promise<string>;
  /** SMTP delivery of recorded emails (nothing to do without SMTP: the outbox is the delivery). */
  deliver(ids: string[]): Promise<void>;
  /**
   * Delivers recorded emails left unsent for longer than `olderThanMs` (a process stopped
   * between commit and delivery, or SMTP failed): at most `maxAttempts` tries each.
   */
  deliverStale(options?: { olderThanMs?: number; maxAttempts?: number; now?: Date }): Promise<number>;
}

function stored(attachments: EmailAttachment[] | undefined): StoredAttachment[] {
  return (attachments ?? []).map((attachment) => ({
    filename: attachment.filename,
    contentType: attachment.contentType,
    contentBase64: Buffer.from(attachment.content).toString('base64'),
  }));
}

function row(email: OutgoingEmail) {
  const { attachments, ...rest } = email;
  return { ...rest, to: email.to.toLowerCase(), attachments: stored(attachments) };
}

/**
 * Every email is recorded in the `emails` table (the development outbox reads it, with its
 * attachments); with SMTP_URL set it is also delivered over SMTP.
 */
export function createMailer(db: Db, options: { smtpUrl?: string; from: string }): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;

  /** Claims one recorded email (at most one delivery at a time), sends it, and releases it on failure. */
  const deliverOne = async (id: string, now: Date): Promise<boolean> => {
    if (!transport) return false;
    const [claimed] = await db
      .update(emails)
      .set({ sentAt: now, deliveryAttempts: sql`${emails.deliveryAttempts} + 1` })
      .where(and(eq(emails.id, id), isNull(emails.sentAt)))
      .returning();
    if (!claimed) return false;
    try {
      await transport.sendMail({
        from: options.from,
        to: claimed.to,
        subject: claimed.subject,
        text: claimed.text,
        html: claimed.html,
        attachments: claimed.attachments.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: Buffer.from(attachment.contentBase64, 'base64'),
        })),
      });
      return true;
    } catch (error) {
      await db.update(emails).set({ sentAt: null }).where(eq(emails.id, id));
      throw error;
    }
  };

  return {
    async send(email) {
      const [inserted] = await db.insert(emails).values(row(email)).returning({ id: emails.id });
      if (!transport || !inserted) return;
      await transport.sendMail({
        from: options.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        attachments: (email.attachments ?? []).map((attachment) => ({ ...attachment })),
      });
      await db.update(emails).set({ sentAt: new Date() }).where(eq(emails.id, inserted.id));
    },
    async record(tx, email) {
      const [inserted] = await tx
        .insert(emails)
        .values({ ...row(email), queuedAt: sql`now()` })
        .returning({ id: emails.id });
      if (!inserted) throw new Error('email insert failed');
      return inserted.id;
    },
    async deliver(ids) {
      for (const id of ids) await deliverOne(id, new Date());
    },
    async deliverStale({ olderThanMs = 60_000, maxAttempts = 5, now = new Date() } = {}) {
      if (!transport) return 0;
      const due = await db
        .select({ id: emails.id })
        .from(emails)
        .where(
          and(
            isNotNull(emails.queuedAt),
            isNull(emails.sentAt),
            lt(emails.queuedAt, new Date(now.getTime() - olderThanMs)),
            lt(emails.deliveryAttempts, maxAttempts),
          ),
        )
        .orderBy(asc(emails.queuedAt))
        .limit(50);
      let sent = 0;
      for (const { id } of due) {
        if (await deliverOne(id, now).catch(() => false)) sent++;
      }
      return sent;
    },
  };
}
