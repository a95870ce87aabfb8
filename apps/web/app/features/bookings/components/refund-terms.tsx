import { refundDeadline } from '@app/shared/booking-rules';
import type { Booking } from '@app/shared/schemas/bookings';
import { NO_REFUND_WINDOW_HOURS } from '@app/shared/schemas/bookings';
import { useTranslation } from 'react-i18next';
import { zoneLabel } from '#app/lib/dates';
import { longDateOf, timeOf } from '#app/lib/format';
import { priceText } from '#app/lib/price';
import { useLang } from '#app/lib/use-lang';

/** "Monday, 30 November 2026, 9:00 AM" of an instant in the reader's zone. */
export function dateTimeIn(instant: Date, zone: string, language: string): string {
  const iso = instant.toISOString();
  return `${longDateOf(iso, zone, language)}, ${timeOf(iso, zone, language)}`;
}

/**
 * Before paying: until when cancelling gives the fee back, as an exact instant in the client's
 * zone (from the shared refund rule), or plainly that this session can no longer be refunded.
 * `now` ticks, so a deadline that passes while the page is open turns into the second sentence.
 */
export function RefundTerms({ booking, zone, now }: { booking: Booking; zone: string; now: number }) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  if (!booking.startAt || booking.priceMinor === 0) return null;
  const deadline = refundDeadline(new Date(booking.startAt), new Date(now));
  const amount = priceText(booking.priceMinor, booking.currencyCode, lang);
  return (
    <section
      aria-labelledby="refund-terms-heading"
      className="rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm"
      data-testid="refund-terms"
      data-refundable={deadline ? 'true' : 'false'}
    >
      <h2 id="refund-terms-heading" className="font-semibold text-slate-900">
        {t('bookingScreens.payment.refundTitle')}
      </h2>
      <p className="mt-1 text-slate-700">
        {deadline
          ? t('bookingScreens.payment.refundUntil', {
              date: dateTimeIn(deadline, zone, i18n.language),
              zone: zoneLabel(zone),
              amount,
            })
          : t('bookingScreens.payment.noRefund', { hours: NO_REFUND_WINDOW_HOURS, amount })}
      </p>
    </section>
  );
}
