import { type Language, languageOf } from '@app/shared/constants';
import { appLink } from '../../platform/action-email.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { escapeHtml } from '../../platform/html.ts';
import { durationText, translate } from '../../platform/i18n.ts';

export type AuthEmailTemplate =
  | 'verify'
  | 'reset'
  | 'emailChangeCode'
  | 'emailChanged'
  | 'passwordChanged'
  | 'googleLink'
  | 'googleLinked';

interface Recipient {
  email: string;
  language: string;
  firstName?: string | null;
}

/** An absolute link to a page of the web app, with the /de/ prefix for German (STACK.md routes). */
export function pageLink(
  config: AppDeps['config'],
  language: Language,
  page: string,
  query: Record<string, string>,
): string {
  return appLink(config, language, `/${page}/?${new URLSearchParams(query).toString()}`);
}

/**
 * Sends one of the auth emails in the recipient's language: a greeting, the intro, then either an
 * action link or a code, then the expiry note and the signature. Words live under `emails.auth`;
 * a note that names how long the link or code lives gets it from `expiresInSeconds`.
 */
export async function sendAuthEmail(
  deps: Pick<AppDeps, 'mailer'>,
  recipient: Recipient,
  template: AuthEmailTemplate,
  content: { link?: string; code?: string; expiresInSeconds?: number; params?: Record<string, unknown> },
): Promise<void> {
  const language: Language = languageOf(recipient.language);
  const expiresIn =
    content.expiresInSeconds === undefined ? {} : { expiresIn: durationText(language, content.expiresInSeconds) };
  const t = (key: string, params: Record<string, unknown> = {}) =>
    translate(language, `emails.auth.${key}`, { ...expiresIn, ...content.params, ...params });
  const greeting = recipient.firstName ? t('greeting', { name: recipient.firstName }) : t('greetingNoName');
  const intro = t(`${template}.intro`);
  const note = t(`${template}.note`);
  const signature = t('signature');

  const text = [greeting, intro, content.code ?? content.link, note, signature]
    .filter((part): part is string => Boolean(part))
    .join('\n\n');
  const middle = content.code
    ? `<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(content.code)}</p>`
    : content.link
      ? `<p><a href="${escapeHtml(content.link)}">${escapeHtml(t(`${template}.action`))}</a></p><p>${escapeHtml(content.link)}</p>`
      : '';
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    middle,
    `<p>${escapeHtml(note)}</p>`,
    `<p>${escapeHtml(signature)}</p>`,
  ].join('\n');

  await deps.mailer.send({
    to: recipient.email,
    subject: t(`${template}.subject`),
    text,
    html,
    language,
    template: `auth.${template}`,
  });
}
