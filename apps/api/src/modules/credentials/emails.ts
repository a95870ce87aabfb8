import type { Language } from '@app/shared/constants';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

export function credentialsLink(config: AppDeps['config'], language: Language): string {
  const base = (config.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
  return `${base}${language === 'de' ? '/de' : ''}/my-credentials/`;
}

/** One credentials email in the recipient's language (words under emails.credentials.<template>). */
export async function sendCredentialsEmail(
  deps: Pick<AppDeps, 'mailer' | 'config'>,
  email: {
    to: string;
    language: Language;
    firstName: string | null;
    template: 'approved' | 'rejected' | 'insuranceReminder';
    params?: Record<string, unknown>;
    /** Shown as its own paragraph (the reviewer's note): plain text, escaped. */
    quote?: string | null;
  },
): Promise<void> {
  const t = (key: string) => translate(email.language, `emails.credentials.${key}`, email.params ?? {});
  const greeting = email.firstName
    ? translate(email.language, 'emails.credentials.greeting', { name: email.firstName })
    : translate(email.language, 'emails.credentials.greetingNoName');
  const intro = t(`${email.template}.intro`);
  const link = credentialsLink(deps.config, email.language);
  const action = t('action');
  const signature = t('signature');
  const text = [greeting, intro, email.quote ?? '', `${action}: ${link}`, signature].filter(Boolean).join('\n\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    email.quote ? `<blockquote>${escapeHtml(email.quote)}</blockquote>` : '',
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p>${escapeHtml(signature)}</p>`,
  ]
    .filter(Boolean)
    .join('\n');
  await deps.mailer.send({
    to: email.to,
    subject: t(`${email.template}.subject`),
    text,
    html,
    language: email.language,
    template: `credentials.${email.template}`,
  });
}
