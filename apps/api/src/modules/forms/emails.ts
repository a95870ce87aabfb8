import type { Tx } from '../../db/client.ts';
import { appLink, emailParties, renderActionEmail } from '../../platform/action-email.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';

export type FormEmailDeps = Pick<AppDeps, 'mailer' | 'config' | 'log'>;

/**
 * A form's email in the recipient's language, recorded in the caller's transaction: `assigned`
 * (to the client: the provider sent a form, named) or `urgent` (to the provider: a client's
 * answers need attention today; names no one and says nothing of the answers, an email being
 * less private than the app). Answers the outbox row's id (none for an erased account).
 */
export async function recordFormEmail(
  tx: Tx,
  deps: FormEmailDeps,
  input: { userId: string; template: 'assigned' | 'urgent'; requestId: string; otherId: string | null },
): Promise<string | null> {
  const parties = await emailParties(tx, { recipientId: input.userId, otherId: input.otherId });
  if (!parties) return null;
  const { recipient, otherName } = parties;
  const { language } = recipient;
  const t = (key: string) => translate(language, `emails.forms.${key}`, { name: otherName });
  const { text, html } = renderActionEmail({
    greeting: recipient.firstName
      ? translate(language, 'emails.forms.greeting', { name: recipient.firstName })
      : t('greetingNoName'),
    intro: t(`${input.template}.intro`),
    action: t(`${input.template}.action`),
    link: appLink(deps.config, language, `/forms/${input.requestId}/`),
    signature: t('signature'),
  });
  return deps.mailer.record(tx, {
    to: recipient.email,
    subject: t(`${input.template}.subject`),
    text,
    html,
    language,
    template: `forms.${input.template}`,
  });
}

/** Sends recorded form emails after the commit; one left unsent is retried by the mail job. */
export async function deliverFormEmails(deps: FormEmailDeps, emailIds: readonly (string | null)[]): Promise<void> {
  const ids = emailIds.filter((id): id is string => id !== null);
  if (ids.length === 0) return;
  await deps.mailer.deliver(ids).catch((error) => {
    deps.log.warn({ err: error }, 'form email not delivered yet');
  });
}
