import { intlLocale, type Language } from '@app/shared/constants';
import type { Notification } from '@app/shared/schemas/notifications';
import { WAITLIST_CLAIM_MINUTES } from '@app/shared/waitlist-rules';
import type { TFunction } from 'i18next';
import { money } from '#app/lib/money';

const formats = new Map<string, Intl.DateTimeFormat>();

/** "Wed 3 Mar, 09:00" in the reader's zone and language. */
export function formatSessionTime(iso: string, language: Language, zone: string | null): string {
  const key = `${language}|${zone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      ...(zone ? { timeZone: zone } : {}),
    });
    formats.set(key, format);
  }
  return format.format(new Date(iso));
}

function formatDay(day: string, language: Language): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** The words of one notification in the reader's language, times in their zone, amounts in the currency. */
export function notificationText(
  t: TFunction,
  notification: Notification,
  context: { language: Language; zone: string | null },
): string {
  const { data, kind } = notification;
  const str = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : null);
  const num = (key: string) => (typeof data[key] === 'number' ? (data[key] as number) : null);
  const startAt = str('startAt');
  const when = startAt ? formatSessionTime(startAt, context.language, context.zone) : '';
  const amountOf = (key: string) => {
    const minor = num(key);
    const currency = str('currencyCode');
    return minor !== null && currency ? money(minor, currency, context.language) : '';
  };
  const params = {
    name: notification.actorName ?? t('notifications.someone'),
    when,
    count: notification.count,
    amount: amountOf('amountMinor'),
    date: str('expiresOn') ? formatDay(str('expiresOn') as string, context.language) : '',
    minutes: WAITLIST_CLAIM_MINUTES,
  };
  if (
    (kind === 'booking.cancelled' || kind === 'booking.ownCancelled') &&
    str('refundStatus') === 'refunded' &&
    num('refundMinor')
  ) {
    return t(`notifications.kinds.${kind}Refunded`, { ...params, amount: amountOf('refundMinor') });
  }
  if (kind === 'payment.received' && str('creditedTo') === 'wallet' && str('purpose') === 'booking') {
    return t('notifications.kinds.payment.receivedToWallet', params);
  }
  if (kind === 'reschedule.requested' && str('proposedStartAt')) {
    return t('notifications.kinds.reschedule.requested', {
      ...params,
      when: formatSessionTime(str('proposedStartAt') as string, context.language, context.zone),
    });
  }
  if (kind === 'session.outcome') {
    return t(`notifications.kinds.session.outcome.${str('outcome') ?? 'completed'}`, params);
  }
  return t(`notifications.kinds.${kind}`, params);
}
