import { type Language, languageOf } from '@app/shared/constants';
import { inArray } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Tx } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { escapeHtml } from './html.ts';

/** Who an email about someone else goes to, in their language, and that someone's full name. */
export interface EmailParties {
  recipient: { email: string; firstName: string | null; language: Language; timezone: string };
  /** The other person's full name; '' for no one, or someone erased or without a name. */
  otherName: string;
}

/**
 * The parties of such an email in one read: null when the recipient is gone or erased (no email
 * is owed to an erased account); an erased other person is named by no one.
 */
export async function emailParties(
  tx: Tx,
  input: { recipientId: string; otherId: string | null },
): Promise<EmailParties | null> {
  const ids = input.otherId ? [input.recipientId, input.otherId] : [input.recipientId];
  const rows = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
      timezone: users.timezone,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(inArray(users.id, ids));
  const recipient = rows.find((row) => row.id === input.recipientId);
  if (!recipient || recipient.deletedAt) return null;
  const other = input.otherId ? rows.find((row) => row.id === input.otherId) : undefined;
  return {
    recipient: {
      email: recipient.email,
      firstName: recipient.firstName,
      language: languageOf(recipient.language),
      timezone: recipient.timezone,
    },
    otherName: other && !other.deletedAt ? [other.firstName, other.lastName].filter(Boolean).join(' ').trim() : '',
  };
}

/** An absolute link to a page of the web app in the recipient's language (`/de/…` for German). */
export function appLink(config: Pick<Config, 'PUBLIC_URL'>, language: Language, path: string): string {
  const base = (config.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
  return `${base}${language === 'de' ? '/de' : ''}${path}`;
}

/** The words of a transactional email that leads to one page: already translated. */
export interface ActionEmailParts {
  greeting: string;
  intro: string;
  /** Lines under the intro (booking details), one paragraph. */
  lines?: string[];
  /** Someone's own words (a reviewer's note), quoted as they are. */
  quote?: string | null;
  action: string;
  link: string;
  signature: string;
}

/** The text and HTML bodies of such an email; every word is escaped in the HTML. */
export function renderActionEmail(parts: ActionEmailParts): { text: string; html: string } {
  const lines = parts.lines ?? [];
  const text = [
    parts.greeting,
    parts.intro,
    lines.join('\n'),
    parts.quote ?? '',
    `${parts.action}: ${parts.link}`,
    parts.signature,
  ]
    .filter(Boolean)
    .join('\n\n');
  const html = [
    `<p>${escapeHtml(parts.greeting)}</p>`,
    `<p>${escapeHtml(parts.intro)}</p>`,
    lines.length > 0 ? `<p>${lines.map(escapeHtml).join('<br>')}</p>` : '',
    parts.quote ? `<blockquote>${escapeHtml(parts.quote)}</blockquote>` : '',
    `<p><a href="${escapeHtml(parts.link)}">${escapeHtml(parts.action)}</a></p>`,
    `<p>${escapeHtml(parts.signature)}</p>`,
  ]
    .filter(Boolean)
    .join('\n');
  return { text, html };
}
