import type { Booking } from '@app/shared/schemas/bookings';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { shortDateOf, timeRangeOf } from '#app/lib/format';
import { priceText } from '#app/lib/price';
import { useLang } from '#app/lib/use-lang';
import { PersonAvatar } from '#app/ui/person-avatar';
import type { BookingRole } from '../api/keys';
import { BookingActions } from './booking-actions';
import { SeriesLabel } from './series-sessions';
import { StatusBadge } from './status-badge';

/** One booking in /appointments/: who, when (viewer's zone), what, status, price and the actions. */
export function AppointmentCard({
  booking,
  party: role,
  zone,
  now,
  join,
  extra,
}: {
  booking: Booking;
  party: BookingRole;
  zone: string;
  now: number;
  /** More for this booking from another feature (the client's review action), composed by the route. */
  extra?: ReactNode;
  /** "Join the session" while the room is open (the session room's link), composed by the route. */
  join?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const other = role === 'client' ? booking.provider : booking.client;
  const headingId = `booking-${booking.identifier}`;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="appointment-card"
    >
      <div className="flex flex-wrap items-start gap-4">
        <PersonAvatar name={other.name} photo={other.photo} size="sm" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={headingId} className="text-base font-semibold text-slate-900">
              {other.name}
            </h2>
            <StatusBadge booking={booking} party={role} />
            <SeriesLabel booking={booking} />
          </div>
          <p className="text-sm text-slate-600">
            {[booking.therapyCategory?.name, booking.modality?.name].filter(Boolean).join(' · ')}
          </p>
        </div>
        <div className="basis-full pl-14 text-sm sm:basis-auto sm:pl-0 sm:text-right">
          {booking.startAt ? (
            <>
              <p className="font-semibold text-slate-900">{shortDateOf(booking.startAt, zone, i18n.language)}</p>
              <p className="text-slate-700 tabular-nums">
                {timeRangeOf(booking.startAt, booking.endAt, zone, i18n.language)}
              </p>
            </>
          ) : (
            <p className="text-slate-600">{t('bookingScreens.facts.notScheduled')}</p>
          )}
          <p className="text-slate-600">
            {booking.priceMinor === 0
              ? t('bookingScreens.free')
              : priceText(booking.priceMinor, booking.currencyCode, lang)}
          </p>
        </div>
      </div>
      <div className="mt-4 border-t border-slate-100 pt-4">
        {join ? <div className="mb-3 empty:hidden">{join}</div> : null}
        <BookingActions booking={booking} party={role} now={now} showDetailsLink />
        {extra}
      </div>
    </article>
  );
}
