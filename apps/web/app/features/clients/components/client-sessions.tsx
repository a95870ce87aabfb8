import type { BookingLine } from '@app/shared/schemas/booking-lists';
import type { Booking } from '@app/shared/schemas/bookings';
import { useTranslation } from 'react-i18next';
import { longDateOf, timeRangeOf } from '#app/lib/format';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Link } from '#app/ui/link';
import { LoadGate } from '#app/ui/load-gate';
import { SeriesPill } from '#app/ui/series-pill';
import { useClientSessions } from '../api/list-client-sessions';

/** A session's day and time in the reader's zone ("No time chosen" without one). */
function useWhen() {
  const { t, i18n } = useTranslation();
  const zone = useViewerZone();
  return (booking: Booking) =>
    booking.startAt && zone
      ? `${longDateOf(booking.startAt, zone, i18n.language)} · ${timeRangeOf(booking.startAt, booking.endAt, zone, i18n.language)}`
      : t('notes.unscheduled');
}

/** A series as one line: "Series of 4 sessions" with each session beneath, its day, time, status and link. */
function SeriesLine({ line, sessions }: { line: BookingLine; sessions: Booking[] }) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const when = useWhen();
  return (
    <li className="py-3 text-sm" data-testid="client-series-line">
      <p className="flex flex-wrap items-center gap-2">
        <SeriesPill testId="client-series-label">
          {t('bookingScreens.series.seriesOf', { count: line.series?.occurrences ?? sessions.length })}
        </SeriesPill>
        <span className="text-slate-600">{line.therapyCategory?.name ?? ''}</span>
      </p>
      <ol aria-label={t('bookingScreens.series.listSessions')} className="mt-2 border-l-2 border-brand-100 pl-3">
        {sessions.map((session) => (
          <li key={session.identifier}>
            <Link
              to={innerPaths.appointment(lang, session.identifier)}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-1.5 hover:text-brand-700"
              data-testid="client-series-session"
            >
              <span>
                <span className="font-medium">
                  {t('bookingScreens.series.sessionShort', { index: (session.series?.index ?? 0) + 1 })}
                </span>
                {' · '}
                <span className="tabular-nums">{when(session)}</span>
              </span>
              <span className="text-slate-600">{t(`bookingScreens.status.${session.status}`)}</span>
            </Link>
          </li>
        ))}
      </ol>
    </li>
  );
}

/**
 * The provider's sessions with this client (GET /appointment/client/{id}), each linking to its
 * details; a series is one line with its sessions beneath.
 */
export function ClientSessions({ clientId }: { clientId: string }) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const when = useWhen();
  const sessions = useClientSessions(clientId);
  return (
    <section
      aria-labelledby="client-sessions"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="client-sessions" className="mb-3 text-lg font-semibold">
        {t('clients.page.sessions')}
      </h2>
      <LoadGate query={sessions}>
        {(page) =>
          page.data.length === 0 ? (
            <p className="text-sm text-slate-600">{t('clients.page.noSessions')}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {page.data.map((booking) =>
                booking.seriesSessions ? (
                  <SeriesLine key={booking.identifier} line={booking} sessions={booking.seriesSessions} />
                ) : (
                  <li key={booking.identifier}>
                    <Link
                      to={innerPaths.appointment(lang, booking.identifier)}
                      className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm hover:text-brand-700"
                    >
                      <span className="font-medium">{when(booking)}</span>
                      <span className="text-slate-600">
                        {booking.therapyCategory?.name ?? ''} · {t(`bookingScreens.status.${booking.status}`)}
                      </span>
                    </Link>
                  </li>
                ),
              )}
            </ul>
          )
        }
      </LoadGate>
    </section>
  );
}
