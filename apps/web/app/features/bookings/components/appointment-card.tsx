import type { Booking } from '@app/shared/schemas/bookings';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { shortDateOf, timeRangeOf } from '#app/lib/format';
import { innerPaths } from '#app/lib/paths-inner';
import { priceText } from '#app/lib/price';
import { useLang } from '#app/lib/use-lang';
import { Link } from '#app/ui/link';
import { PersonAvatar } from '#app/ui/person-avatar';
import { SeriesPill } from '#app/ui/series-pill';
import type { BookingRole } from '../api/keys';
import { BookingActions } from './booking-actions';
import { SeriesLabel } from './series-sessions';
import { StatusBadge } from './status-badge';

/**
 * The session a series' card acts on: its next one still on (pending or confirmed) that has not
 * ended, else the session standing for the series in the list
 * (docs/decisions/bookings-a-series-card-acts-on-its-next-session.md).
 */
export function sessionToActOn(line: Booking, sessions: Booking[], now: number): { session: Booking; next: boolean } {
  const next = sessions.find(
    (session) =>
      (session.status === 'pending' || session.status === 'confirmed') &&
      session.endAt !== null &&
      Date.parse(session.endAt) > now,
  );
  return next ? { session: next, next: true } : { session: line, next: false };
}

/**
 * One line of /appointments/: who, when (viewer's zone), what, status, price and the actions. A
 * series' line (`seriesSessions`) is one card for the whole series, each session beneath it with
 * its date, time, status and link; its actions are those of its next session, named above them.
 */
export function AppointmentCard({
  booking,
  party: role,
  zone,
  now,
  renderJoin,
  renderExtra,
}: {
  booking: Booking & { seriesSessions?: Booking[] | null };
  party: BookingRole;
  zone: string;
  now: number;
  /** More for the session acted on from another feature (the client's review action), composed by the route. */
  renderExtra?(session: Booking): ReactNode;
  /** "Join the session" while its room is open (the session room's link), composed by the route. */
  renderJoin?(session: Booking): ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const other = role === 'client' ? booking.provider : booking.client;
  const headingId = `booking-${booking.identifier}`;
  const actsOnId = `acts-on-${booking.identifier}`;
  const sessions = booking.seriesSessions ?? null;
  const acting = sessions ? sessionToActOn(booking, sessions, now) : { session: booking, next: false };
  const session = acting.session;
  const join = renderJoin?.(session);
  const actions = (
    <>
      {join ? <div className="mb-3 empty:hidden">{join}</div> : null}
      <BookingActions booking={session} party={role} now={now} showDetailsLink />
      {renderExtra?.(session)}
    </>
  );
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
            {sessions ? (
              <SeriesPill testId="series-line-label">
                {t('bookingScreens.series.seriesOf', { count: booking.series?.occurrences ?? sessions.length })}
              </SeriesPill>
            ) : (
              <>
                <StatusBadge booking={booking} party={role} />
                <SeriesLabel booking={booking} />
              </>
            )}
          </div>
          <p className="text-sm text-slate-600">
            {[booking.therapyCategory?.name, booking.modality?.name].filter(Boolean).join(' · ')}
          </p>
        </div>
        <div className="basis-full pl-14 text-sm sm:basis-auto sm:pl-0 sm:text-right">
          {sessions ? null : booking.startAt ? (
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
              : sessions
                ? t('bookingScreens.perSession', { price: priceText(booking.priceMinor, booking.currencyCode, lang) })
                : priceText(booking.priceMinor, booking.currencyCode, lang)}
          </p>
        </div>
      </div>
      {sessions ? <SeriesLineSessions sessions={sessions} current={session} party={role} zone={zone} /> : null}
      <div className="mt-4 border-t border-slate-100 pt-4">
        {sessions ? (
          <section aria-labelledby={actsOnId}>
            <p id={actsOnId} className="mb-3 text-sm font-semibold text-slate-900" data-testid="series-acts-on">
              {t(acting.next ? 'bookingScreens.series.actsOnNext' : 'bookingScreens.series.actsOn', {
                index: (session.series?.index ?? 0) + 1,
              })}{' '}
              {session.startAt ? (
                <span className="font-normal text-slate-700 tabular-nums">
                  {shortDateOf(session.startAt, zone, i18n.language)},{' '}
                  <span className="whitespace-nowrap">
                    {timeRangeOf(session.startAt, session.endAt, zone, i18n.language)}
                  </span>
                </span>
              ) : null}
            </p>
            {actions}
          </section>
        ) : (
          actions
        )}
      </div>
    </article>
  );
}

/** The sessions of a series' line, in order: which, when, status, and a link to each. */
function SeriesLineSessions({
  sessions,
  current,
  party,
  zone,
}: {
  sessions: Booking[];
  current: Booking;
  party: BookingRole;
  zone: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  return (
    <ol
      aria-label={t('bookingScreens.series.listSessions')}
      className="mt-4 flex flex-col divide-y divide-slate-100 rounded-xl border border-slate-100 bg-slate-50/60 px-3"
    >
      {sessions.map((session) => {
        const index = (session.series?.index ?? 0) + 1;
        return (
          <li
            key={session.identifier}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm"
            data-testid="series-line-session"
            aria-current={session.identifier === current.identifier ? 'true' : undefined}
          >
            <span className="w-24 shrink-0 font-medium text-slate-900">
              {t('bookingScreens.series.sessionShort', { index })}
            </span>
            <span className="flex-1 whitespace-nowrap text-slate-700 tabular-nums">
              {session.startAt ? (
                <>
                  {shortDateOf(session.startAt, zone, i18n.language)},{' '}
                  {timeRangeOf(session.startAt, session.endAt, zone, i18n.language)}
                </>
              ) : (
                t('bookingScreens.facts.notScheduled')
              )}
            </span>
            <StatusBadge booking={session} party={party} />
            <Link
              to={innerPaths.appointment(lang, session.identifier)}
              className="inline-flex min-h-9 items-center rounded-lg px-2 font-semibold text-brand-700 hover:bg-brand-50"
            >
              {t('bookingScreens.series.viewSession', { index })}
            </Link>
          </li>
        );
      })}
    </ol>
  );
}
