import type { Language } from '@app/shared/constants';
import type { ContactMessage } from '@app/shared/schemas/contact';
import { count, desc, gte } from 'drizzle-orm';
import { contactMessages } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { escapeHtml } from '../../platform/html.ts';
import { translate } from '../../platform/i18n.ts';
import { normalizePhoneNumber } from '../../platform/phone-numbers.ts';

export interface ContactInput {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  message: string;
}

/**
 * POST /contact: stores the message, emails it to the operators (OPERATOR_EMAIL, in English, the
 * sender's words quoted as they are) and confirms receipt to the sender in their language. The
 * row is written first: a failing mail server loses no message (the back office lists them all).
 */
export async function sendContactMessage(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'log'>,
  input: ContactInput & { language: Language; userId: string | null },
): Promise<{ identifier: string; message: string }> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(contactMessages)
    .values({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phoneNumber: input.phoneNumber ? normalizePhoneNumber(input.phoneNumber) : null,
      message: input.message,
      language: input.language,
      userId: input.userId,
      createdAt: now,
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('contact message insert returned nothing');

  const name = `${input.firstName} ${input.lastName}`;
  const t = (language: Language, key: string, params: Record<string, unknown> = {}) =>
    translate(language, `contact.emails.${key}`, params);
  const details = [
    t('en', 'from', { name, email: input.email }),
    input.phoneNumber ? t('en', 'phone', { phone: input.phoneNumber }) : null,
    t('en', 'language', { language: input.language }),
    t('en', 'reference', { reference: row.id }),
  ].filter((line): line is string => line !== null);
  try {
    await deps.mailer.send({
      to: deps.config.OPERATOR_EMAIL,
      language: 'en',
      template: 'contact.operators',
      subject: t('en', 'operatorsSubject', { name }),
      text: [...details, '', input.message].join('\n'),
      html: `<p>${details.map(escapeHtml).join('<br>')}</p>\n<blockquote style="white-space:pre-wrap">${escapeHtml(input.message)}</blockquote>`,
    });
    const greeting = t(input.language, 'greeting', { name: input.firstName });
    const body = t(input.language, 'confirmationBody');
    const quoteIntro = t(input.language, 'yourMessage');
    const signature = t(input.language, 'signature');
    await deps.mailer.send({
      to: input.email,
      language: input.language,
      template: 'contact.confirmation',
      subject: t(input.language, 'confirmationSubject'),
      text: [greeting, body, `${quoteIntro}\n${input.message}`, signature].join('\n\n'),
      html: [
        `<p>${escapeHtml(greeting)}</p>`,
        `<p>${escapeHtml(body)}</p>`,
        `<p>${escapeHtml(quoteIntro)}</p>`,
        `<blockquote style="white-space:pre-wrap">${escapeHtml(input.message)}</blockquote>`,
        `<p>${escapeHtml(signature)}</p>`,
      ].join('\n'),
    });
  } catch (error) {
    // Stored already: the back office sees it even when mail is down.
    deps.log.error({ err: error, contactMessageId: row.id }, 'contact message email failed');
  }
  return { identifier: row.id, message: translate(input.language, 'contact.sent') };
}

/** GET /admin/contact-messages: every message, newest first (admin). */
export async function listContactMessages(
  deps: Pick<AppDeps, 'db'>,
  input: { page: number; perPage: number },
): Promise<{ data: ContactMessage[]; meta: { page: number; perPage: number; total: number; totalPages: number } }> {
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage),
    deps.db.select({ total: count() }).from(contactMessages),
  ]);
  const total = counted?.total ?? 0;
  return {
    data: rows.map((row) => ({
      identifier: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phoneNumber: row.phoneNumber,
      message: row.message,
      language: row.language,
      userIdentifier: row.userId,
      createdAt: row.createdAt.toISOString(),
    })),
    meta: { page: input.page, perPage: input.perPage, total, totalPages: Math.ceil(total / input.perPage) },
  };
}

/** Contact messages received since an instant (the operator's overview). */
export async function countContactMessagesSince(deps: Pick<AppDeps, 'db'>, input: { since: Date }): Promise<number> {
  const [row] = await deps.db
    .select({ total: count() })
    .from(contactMessages)
    .where(gte(contactMessages.createdAt, input.since));
  return row?.total ?? 0;
}
