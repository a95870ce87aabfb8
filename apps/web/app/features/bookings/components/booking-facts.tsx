import type { Booking } from '@app/shared/schemas/bookings';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { zoneLabel } from '#app/lib/dates';
import { longDateOf, minutesBetween, timeRangeOf } from '#app/lib/format';
import { priceText } from '#app/lib/price';
import { useLang } from '#app/lib/use-lang';
import { cn } from '#app/ui/cn';
import type { BookingRole } from '../api/keys';

/** The facts of a booking as a description list: with whom, what, when (in `zone`), price, note. */
export function BookingFacts({
  booking,
  party: role,
  zone,
  className,
  stacked = false,
}: {
  booking: Booking;
  party: BookingRole;
  zone: string;
  className?: string;
  /** Labels above values (narrow columns). */
  stacked?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const language = i18n.language;
  const other = role === 'client' ? booking.provider : booking.client;
  const rows: Array<[string, ReactNode]> = [
    [role === 'client' ? t('bookingScreens.facts.therapist') : t('bookingScreens.facts.client'), other.name],
    [t('bookingScreens.facts.therapy'), booking.therapyCategory?.name ?? '—'],
    [t('bookingScreens.facts.modality'), booking.modality?.name ?? '—'],
    [
      t('bookingScreens.facts.date'),
      booking.startAt ? longDateOf(booking.startAt, zone, language) : t('bookingScreens.facts.notScheduled'),
    ],
  ];
  if (booking.startAt) {
    rows.push([
      t('bookingScreens.facts.time'),
      <>
        {timeRangeOf(booking.startAt, booking.endAt, zone, language)}
        {booking.endAt ? (
          <span className="text-slate-600">
            {' '}
            ({t('bookingScreens.facts.minutes', { count: minutesBetween(booking.startAt, booking.endAt) })})
          </span>
        ) : null}
        <span className="block text-xs text-slate-600">
          {t('bookingScreens.facts.zone', { zone: zoneLabel(zone) })}
        </span>
      </>,
    ]);
  }
  rows.push([
    t('bookingScreens.facts.price'),
    booking.priceMinor === 0 ? t('bookingScreens.free') : priceText(booking.priceMinor, booking.currencyCode, lang),
  ]);
  if (booking.note)
    rows.push([
      t('bookingScreens.facts.note'),
      <span key="note" className="whitespace-pre-line">
        {booking.note}
      </span>,
    ]);
  return (
    <dl className={cn('grid gap-x-6 gap-y-3 text-sm', !stacked && 'sm:grid-cols-[10rem_1fr]', className)}>
      {rows.map(([label, value]) => (
        <div key={label} className={stacked ? 'flex flex-col' : 'contents'}>
          <dt className={stacked ? 'text-xs font-medium text-slate-600' : 'font-medium text-slate-600'}>{label}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
