import { asCurrency } from '@app/shared/currency';
import { formatMoney } from '@app/shared/money';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type payments, users } from '../../db/schema/index.ts';
import { appLink, renderActionEmail } from '../../platform/action-email.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';
import { loadAccountHolder } from './account-holder.ts';

/**
 * Records (in the caller's transaction) the email telling a payer that their card payment of a
 * session or a top-up failed, in their language: nothing was taken, and what to do next (try
 * another card, the wallet or a bank transfer), with a link to where they can. Answers the
 * outbox row's id, or null for an erased payer.
 */
export async function recordFailedPaymentEmail(
  tx: Tx,
  deps: Pick<AppDeps, 'mailer' | 'config'>,
  payment: typeof payments.$inferSelect,
): Promise<string | null> {
  const [payer] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, payment.userId));
  if (!payer || payer.deletedAt) return null;
  const holder = await loadAccountHolder(tx, payment.userId);
  const { language } = holder;
  const amount = formatMoney(payment.amountMinor, asCurrency(payment.currencyCode), language);
  const t = (key: string, params: Record<string, unknown> = {}) =>
    translate(language, `emails.payments.${key}`, { amount, ...params });
  const forBooking = payment.purpose === 'booking' && payment.purposeId !== null;
  const { text, html } = renderActionEmail({
    greeting: holder.firstName ? t('greeting', { name: holder.firstName }) : t('greetingNoName'),
    intro: t('failed.intro'),
    lines: [t(forBooking ? 'failed.booking' : 'failed.topUp'), t('reference', { reference: payment.reference })],
    action: forBooking ? t('failed.bookingAction') : t('action'),
    link: appLink(deps.config, language, forBooking ? `/appointments/${payment.purposeId}/` : '/wallet/'),
    signature: t('signature'),
  });
  return deps.mailer.record(tx, {
    to: holder.email,
    subject: t('failed.subject'),
    text,
    html,
    language,
    template: 'payments.cardFailed',
  });
}
