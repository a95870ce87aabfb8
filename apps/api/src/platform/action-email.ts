import type { Language } from '@app/shared/constants';
import type { Config } from '../config.ts';
import { escapeHtml } from './html.ts';

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
