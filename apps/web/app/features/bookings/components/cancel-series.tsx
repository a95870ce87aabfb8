import { cancellationOutcome } from '@app/shared/booking-rules';
import {
  type Booking,
  type BookingSeries,
  type CancelBookingBody,
  NO_REFUND_WINDOW_HOURS,
} from '@app/shared/schemas/bookings';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortDateOf, timeRangeOf } from '#app/lib/format';
import { priceText } from '#app/lib/price';
import { useLang } from '#app/lib/use-lang';
import { Button } from '#app/ui/button';
import { useToast } from '#app/ui/toast';
import { useCancelSeries } from '../api/cancel-series';
import { useBookingSeries } from '../api/get-booking-series';
import type { BookingRole } from '../api/keys';
import { ReasonForm } from './reason-form';

/** What cancelling `item` now would do, by the shared rule the API decides with. */
const outcomeOf = (item: Booking, party: BookingRole, now: number) =>
  cancellationOutcome({
    party,
    status: item.status,
    priceMinor: item.priceMinor,
    isPaid: item.isPaid,
    startsAt: item.startAt ? new Date(item.startAt) : null,
    now: new Date(now),
  });

/** The sessions "cancel the rest" would cancel now: this one and every later one still cancellable. */
export function restOfSeries(sessions: Booking[], from: Booking, party: BookingRole, now: number): Booking[] {
  const start = from.series?.index ?? 0;
  return sessions.filter((item) => (item.series?.index ?? 0) >= start && outcomeOf(item, party, now).allowed);
}

/**
 * "Cancel this and later sessions" on a series' session (POST …/cancel-series): a required reason,
 * each session that would be cancelled with the refund the 48-hour rule gives it now (the shared
 * rule the API decides with), then what the API did for each, from its answer. Renders nothing
 * outside a series or when this is the last session that can be cancelled.
 */
export function CancelRestOfSeries({
  booking,
  party,
  zone,
  now,
}: {
  booking: Booking;
  party: BookingRole;
  zone: string;
  now: number;
}) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const toast = useToast();
  const headingId = useId();
  const series = useBookingSeries(party, booking.identifier, booking.series !== null);
  const cancel = useCancelSeries();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<{ ids: string[]; series: BookingSeries } | null>(null);
  const rest = restOfSeries(series.data?.bookings ?? [], booking, party, now);

  const onSubmit = async (body: CancelBookingBody) => {
    const answer = await cancel.mutateAsync({ role: party, bookingId: booking.identifier, body });
    const ids = rest.map((item) => item.identifier);
    const cancelled = answer.bookings.filter((item) => ids.includes(item.identifier) && item.status === 'cancelled');
    toast.success(t('bookingScreens.series.cancelRestDone', { count: cancelled.length }));
    setDone({ ids: cancelled.map((item) => item.identifier), series: answer });
  };

  const when = (item: Booking) =>
    item.startAt
      ? `${shortDateOf(item.startAt, zone, i18n.language)}, ${timeRangeOf(item.startAt, item.endAt, zone, i18n.language)}`
      : t('bookingScreens.facts.notScheduled');
  const sessionName = (item: Booking) =>
    t('bookingScreens.series.sessionShort', { index: (item.series?.index ?? 0) + 1 });

  if (done) {
    const cancelled = done.series.bookings.filter((item) => done.ids.includes(item.identifier));
    return (
      <section
        aria-labelledby={headingId}
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        data-testid="cancel-series-result"
      >
        <h2 id={headingId} className="mb-3 text-lg font-semibold">
          {t('bookingScreens.series.cancelRestResult')}
        </h2>
        <ul className="flex flex-col gap-1.5 text-sm">
          {cancelled.map((item) => (
            <li key={item.identifier} data-testid="cancelled-session">
              <span className="font-medium">{sessionName(item)}</span> · {when(item)} ·{' '}
              {item.cancellation?.refundStatus === 'refunded'
                ? t('bookingScreens.series.refunded', {
                    amount: priceText(item.cancellation.refundMinor, item.currencyCode, lang),
                  })
                : item.cancellation?.refundStatus === 'none'
                  ? t('bookingScreens.series.refundNone', { hours: NO_REFUND_WINDOW_HOURS })
                  : t('bookingScreens.series.refundNotPaid')}
            </li>
          ))}
        </ul>
      </section>
    );
  }

  if (!booking.series || rest.length < 2 || !rest.some((item) => item.identifier === booking.identifier)) return null;

  if (!open) {
    return (
      <div>
        <Button variant="secondary" onClick={() => setOpen(true)} className="w-full sm:w-auto">
          {t('bookingScreens.series.cancelRest')}
        </Button>
      </div>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-red-100 bg-white p-5 shadow-sm sm:p-6"
      data-testid="cancel-series"
    >
      <h2 id={headingId} className="mb-2 text-lg font-semibold">
        {t('bookingScreens.series.cancelRestTitle')}
      </h2>
      <ReasonForm
        kind="cancel"
        confirmLabel={t('bookingScreens.series.cancelRestConfirm', { count: rest.length })}
        pending={cancel.isPending}
        onSubmit={onSubmit}
        onKeep={() => setOpen(false)}
      >
        <p className="text-sm text-slate-700">
          {t('bookingScreens.series.cancelRestIntro', { hours: NO_REFUND_WINDOW_HOURS })}
        </p>
        <ul className="flex flex-col gap-1.5 text-sm">
          {rest.map((item) => {
            const outcome = outcomeOf(item, party, now);
            const refund = outcome.allowed ? outcome.refundStatus : 'not_paid';
            return (
              <li key={item.identifier} data-testid="cancel-series-session">
                <span className="font-medium">{sessionName(item)}</span> · {when(item)} ·{' '}
                {refund === 'refunded'
                  ? t('bookingScreens.series.refundFull', {
                      amount: priceText(item.priceMinor, item.currencyCode, lang),
                    })
                  : refund === 'none'
                    ? t('bookingScreens.series.refundNone', { hours: NO_REFUND_WINDOW_HOURS })
                    : t('bookingScreens.series.refundNotPaid')}
              </li>
            );
          })}
        </ul>
      </ReasonForm>
    </section>
  );
}
