import type { Language } from '@app/shared/constants';
import { appLink, renderActionEmail } from '../../platform/action-email.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';

export function credentialsLink(config: AppDeps['config'], language: Language): string {
  return appLink(config, language, '/my-credentials/');
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
  const { text, html } = renderActionEmail({ greeting, intro, quote: email.quote, action, link, signature });
  await deps.mailer.send({
    to: email.to,
    subject: t(`${email.template}.subject`),
    text,
    html,
    language: email.language,
    template: `credentials.${email.template}`,
  });
}
