import type { Booking } from '@app/shared/schemas/bookings';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { longDateOf, timeRangeOf } from '#app/lib/format';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { useViewerZone } from '#app/lib/viewer-zone';
import { LoadGate } from '#app/ui/load-gate';
import { useClientSessions } from '../api/list-client-sessions';

/** The provider's sessions with this client (GET /appointment/client/{id}), each linking to its details. */
export function ClientSessions({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation();
  const { lang } = useLocaleData();
  const zone = useViewerZone();
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
              {page.data.map((booking: Booking) => (
                <li key={booking.identifier}>
                  <Link
                    to={innerPaths.appointment(lang, booking.identifier)}
                    className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm hover:text-brand-700"
                  >
                    <span className="font-medium">
                      {booking.startAt && zone
                        ? `${longDateOf(booking.startAt, zone, i18n.language)} · ${timeRangeOf(booking.startAt, booking.endAt, zone, i18n.language)}`
                        : t('notes.unscheduled')}
                    </span>
                    <span className="text-slate-600">
                      {booking.therapyCategory?.name ?? ''} · {t(`bookingScreens.status.${booking.status}`)}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </LoadGate>
    </section>
  );
}
