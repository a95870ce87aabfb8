import type { Language } from '@app/shared/constants';
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.ts';
import { emails } from '../db/schema/index.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  language: Language;
  template: string;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
}

/**
 * Every email is recorded in the `emails` table (the development outbox reads it);
 * with SMTP_URL set it is also delivered over SMTP.
 */
export function createMailer(db: Db, options: { smtpUrl?: string; from: string }): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(email) {
      const [row] = await db
        .insert(emails)
        .values({ ...email, to: email.to.toLowerCase() })
        .returning({ id: emails.id });
      if (!transport || !row) return;
      await transport.sendMail({
        from: options.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
      });
      await db.update(emails).set({ sentAt: new Date() }).where(eq(emails.id, row.id));
    },
  };
}
