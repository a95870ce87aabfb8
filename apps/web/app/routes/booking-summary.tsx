import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requireSession } from '#app/features/auth/lib/require-session';
import { useBooking } from '#app/features/bookings/api/get-booking';
import { BookingActions } from '#app/features/bookings/components/booking-actions';
import { BookingDialogs } from '#app/features/bookings/components/booking-dialogs';
import { BookingFacts } from '#app/features/bookings/components/booking-facts';
import { SeriesLabel, SeriesSessions } from '#app/features/bookings/components/series-sessions';
import { ShareBookingForm } from '#app/features/bookings/components/share-booking-form';
import { StatusBadge } from '#app/features/bookings/components/status-badge';
import { paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Link } from '#app/ui/link';
import { LoadGate } from '#app/ui/load-gate';
import { Spinner } from '#app/ui/spinner';
import type { Route } from './+types/booking-summary';

/** /booking/{id}/summary/ (clients): the booking at a glance, what to do next, and sharing it by email. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['client']);
  return null;
}

export default function BookingSummary({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const zone = useViewerZone();
  const booking = useBooking('client', params.bookingId);
  const [now] = useState(() => Date.now());

  return (
    <>
      <title>{`${t('bookingScreens.summary.title')} · ${t('nav.brand')}`}</title>
      <Link
        to={paths.appointments(lang)}
        className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        ← {t('bookingScreens.details.back')}
      </Link>
      <LoadGate query={booking}>
        {(data) => (
          <div className="mt-4 grid gap-6 lg:grid-cols-[1fr_20rem]">
            <div className="flex flex-col gap-6">
              <section
                aria-labelledby="summary-title"
                className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
              >
                <div className="mb-4 flex flex-wrap items-center gap-3">
                  <h1 id="summary-title" className="text-2xl font-semibold">
                    {t('bookingScreens.summary.title')}
                  </h1>
                  <StatusBadge booking={data} party="client" />
                  <SeriesLabel booking={data} />
                </div>
                {zone ? <BookingFacts booking={data} party="client" zone={zone} /> : <Spinner />}
                <div className="mt-6 border-t border-slate-100 pt-5">
                  <BookingActions booking={data} party="client" now={now} />
                </div>
              </section>
              {zone && data.series ? <SeriesSessions booking={data} party="client" zone={zone} now={now} /> : null}
            </div>
            <section
              aria-labelledby="summary-share"
              className="h-fit rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <h2 id="summary-share" className="mb-1 font-semibold">
                {t('bookingScreens.share.title')}
              </h2>
              <p className="mb-3 text-sm text-slate-600">{t('bookingScreens.share.intro')}</p>
              <ShareBookingForm bookingId={data.identifier} />
            </section>
          </div>
        )}
      </LoadGate>
      <BookingDialogs party="client" />
    </>
  );
}
