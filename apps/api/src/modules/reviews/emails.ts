import type { Tx } from '../../db/client.ts';
import { appLink, emailParties, renderActionEmail } from '../../platform/action-email.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';

export type ReviewEmailDeps = Pick<AppDeps, 'mailer' | 'config' | 'log'>;

/**
 * The email of a review notification (`received` to the provider, `replied` to the client), in
 * the recipient's language, recorded in the caller's transaction: it exists exactly when the
 * review or reply does. It names the other person and leads to the session; the words written
 * stay in the app. Answers the outbox row's id (none for an erased account), for `deliverReviewEmail`.
 */
export async function recordReviewEmail(
  tx: Tx,
  deps: ReviewEmailDeps,
  input: {
    userId: string;
    template: 'received' | 'replied';
    bookingId: string | null;
    /** The person whose action it was; null names no one (an anonymous review). */
    otherId: string | null;
  },
): Promise<string | null> {
  const parties = await emailParties(tx, { recipientId: input.userId, otherId: input.otherId });
  if (!parties) return null;
  const { recipient, otherName } = parties;
  const { language } = recipient;
  const named = otherName ? '' : 'NoName';
  const t = (key: string) => translate(language, `emails.reviews.${key}`, { name: otherName });
  const link = appLink(deps.config, language, input.bookingId ? `/appointments/${input.bookingId}/` : '/appointments/');
  const { text, html } = renderActionEmail({
    greeting: recipient.firstName
      ? translate(language, 'emails.reviews.greeting', { name: recipient.firstName })
      : t('greetingNoName'),
    intro: t(`${input.template}.intro${named}`),
    action: t(`${input.template}.action`),
    link,
    signature: t('signature'),
  });
  return deps.mailer.record(tx, {
    to: recipient.email,
    subject: t(`${input.template}.subject${named}`),
    text,
    html,
    language,
    template: `reviews.${input.template}`,
  });
}

/** Sends a recorded review email after the commit; one left unsent is retried by the mail job. */
export async function deliverReviewEmail(deps: ReviewEmailDeps, emailId: string | null): Promise<void> {
  if (!emailId) return;
  await deps.mailer.deliver([emailId]).catch((error) => {
    deps.log.warn({ err: error }, 'review email not delivered yet');
  });
}
