import { type Booking, HOLD_MINUTES } from '@app/shared/schemas/bookings';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { shortDateOf, timeRangeOf } from '#app/lib/format';
import { innerPaths } from '#app/lib/paths-inner';
import { useLang } from '#app/lib/use-lang';
import { cn } from '#app/ui/cn';
import { InlineError } from '#app/ui/inline-error';
import { Link } from '#app/ui/link';
import { SeriesPill } from '#app/ui/series-pill';
import { Spinner } from '#app/ui/spinner';
import { useBookingSeries } from '../api/get-booking-series';
import type { BookingRole } from '../api/keys';
import { needsPayment } from '../lib/rules';
import { StatusBadge } from './status-badge';

/** "Session 2 of 4" for a booking of a series; nothing for a single booking. */
export function SeriesLabel({ booking, className }: { booking: Booking; className?: string }) {
  const { t } = useTranslation();
  if (!booking.series) return null;
  return (
    <SeriesPill className={className} testId="series-label">
      {t('bookingScreens.series.sessionOf', { index: booking.series.index + 1, count: booking.series.occurrences })}
    </SeriesPill>
  );
}

const linkClass =
  'inline-flex min-h-9 items-center justify-center rounded-lg px-3 py-1.5 text-sm font-semibold transition-colors';

/**
 * Every session of the booking's series (GET …/{id}/series) with its date, status and a link to
 * its details; a client pays an unpaid session ("Pay session 2"), where the payment step offers
 * the whole series at once too. Renders nothing for a single booking.
 */
export function SeriesSessions({
  booking,
  party: role,
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
  const headingId = useId();
  const series = useBookingSeries(role, booking.identifier, booking.series !== null);
  if (!booking.series) return null;
  const sessions = series.data?.bookings ?? [];
  const unpaid = role === 'client' && sessions.some((item) => needsPayment(item, now));

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="series-sessions"
    >
      <h2 id={headingId} className="mb-1 text-lg font-semibold">
        {t('bookingScreens.series.sessions')}
      </h2>
      <p className="mb-4 text-sm text-slate-600">
        {series.data?.cadence
          ? t(`bookingScreens.series.kinds.${series.data.cadence}`)
          : t('bookingScreens.series.title')}{' '}
        ·{' '}
        {t('bookingScreens.series.sessionOf', {
          index: booking.series.index + 1,
          count: booking.series.occurrences,
        })}
      </p>
      {unpaid ? (
        <p className="mb-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {t('bookingScreens.series.payHint', { minutes: HOLD_MINUTES })}
        </p>
      ) : null}
      {series.isPending ? (
        <div className="flex justify-center py-4 text-brand-700">
          <Spinner size="sm" />
        </div>
      ) : series.isError ? (
        <InlineError error={series.error} onRetry={() => series.refetch()} retrying={series.isRefetching} />
      ) : (
        <ol className="flex flex-col divide-y divide-slate-100">
          {sessions.map((item) => {
            const index = (item.series?.index ?? 0) + 1;
            const current = item.identifier === booking.identifier;
            return (
              <li
                key={item.identifier}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 text-sm"
                data-testid="series-session"
                aria-current={current ? 'true' : undefined}
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-slate-900">
                    {t('bookingScreens.series.sessionOf', { index, count: booking.series?.occurrences })}
                    {current ? (
                      <span className="font-normal text-slate-600"> · {t('bookingScreens.series.thisSession')}</span>
                    ) : null}
                  </span>
                  <span className="block text-slate-700 tabular-nums">
                    {item.startAt ? (
                      <>
                        {shortDateOf(item.startAt, zone, i18n.language)},{' '}
                        <span className="whitespace-nowrap">
                          {timeRangeOf(item.startAt, item.endAt, zone, i18n.language)}
                        </span>
                      </>
                    ) : (
                      t('bookingScreens.facts.notScheduled')
                    )}
                  </span>
                </span>
                <StatusBadge booking={item} party={role} />
                <span className="flex flex-wrap gap-2">
                  {role === 'client' && needsPayment(item, now) ? (
                    <Link
                      to={innerPaths.payment(lang, item.identifier)}
                      className={cn(linkClass, 'bg-brand-700 text-white hover:bg-brand-800')}
                    >
                      {t('bookingScreens.series.paySession', { index })}
                    </Link>
                  ) : null}
                  {current ? null : (
                    <Link
                      to={innerPaths.appointment(lang, item.identifier)}
                      className={cn(linkClass, 'text-brand-700 hover:bg-brand-50')}
                    >
                      {t('bookingScreens.series.viewSession', { index })}
                    </Link>
                  )}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
