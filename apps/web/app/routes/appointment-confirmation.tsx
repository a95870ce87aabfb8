import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requireSession } from '#app/features/auth/lib/require-session';
import { useBooking } from '#app/features/bookings/api/get-booking';
import { AddToCalendarButton } from '#app/features/bookings/components/add-to-calendar';
import { BookingFacts } from '#app/features/bookings/components/booking-facts';
import { SeriesLabel, SeriesSessions } from '#app/features/bookings/components/series-sessions';
import { StatusBadge } from '#app/features/bookings/components/status-badge';
import { WhatHappensNext } from '#app/features/bookings/components/what-happens-next';
import { bookingRoleOf } from '#app/features/bookings/lib/role';
import { paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';
import { useSession } from '#app/lib/use-session';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Link } from '#app/ui/link';
import { LoadGate } from '#app/ui/load-gate';
import { Spinner } from '#app/ui/spinner';
import type { Route } from './+types/appointment-confirmation';

/**
 * /appointment/confirmation/{id}/: the booking is confirmed (or received), with its facts and who
 * is notified; a session of a weekly series says which one it is and lists the others (each
 * unpaid one with its own Pay action).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['client', 'provider']);
  return null;
}

export default function AppointmentConfirmation({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const role = bookingRoleOf(useSession()?.role);
  const zone = useViewerZone();
  const booking = useBooking(role, params.bookingId);
  const [now] = useState(() => Date.now());

  return (
    <>
      <title>{`${t('bookingScreens.confirmation.title')} · ${t('nav.brand')}`}</title>
      <LoadGate query={booking}>
        {(data) => {
          const confirmed = data.status === 'confirmed';
          return (
            <div className="mx-auto max-w-2xl">
              <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
                <span
                  aria-hidden="true"
                  className={`mx-auto flex h-16 w-16 items-center justify-center rounded-full text-3xl font-bold ${
                    confirmed ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-800'
                  }`}
                >
                  {confirmed ? '✓' : '…'}
                </span>
                <h1 className="mt-4 text-2xl font-semibold">
                  {confirmed ? t('bookingScreens.confirmation.title') : t('bookingScreens.confirmation.received')}
                </h1>
                <p className="mt-2 text-slate-700">
                  {t(role === 'client' ? 'bookingScreens.notified.therapist' : 'bookingScreens.notified.client')}
                </p>
                <div className="mt-2 flex flex-wrap justify-center gap-2">
                  <StatusBadge booking={data} party={role} />
                  <SeriesLabel booking={data} />
                </div>
              </div>
              <section
                aria-labelledby="confirmation-details"
                className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <h2 id="confirmation-details" className="mb-4 text-lg font-semibold">
                  {t('bookingScreens.confirmation.details')}
                </h2>
                {zone ? <BookingFacts booking={data} party={role} zone={zone} /> : <Spinner />}
                {data.startAt && (confirmed || data.status === 'pending') ? (
                  <div className="mt-4">
                    <AddToCalendarButton bookingId={data.identifier} />
                  </div>
                ) : null}
              </section>
              {zone && (confirmed || data.status === 'pending') ? (
                <WhatHappensNext booking={data} party={role} zone={zone} />
              ) : null}
              {zone && data.series ? (
                <div className="mt-6">
                  <SeriesSessions booking={data} party={role} zone={zone} now={now} />
                </div>
              ) : null}
              <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
                <Link
                  to={paths.appointments(lang)}
                  className="inline-flex min-h-10 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
                >
                  {t('bookingScreens.confirmation.toAppointments')}
                </Link>
                {role === 'client' ? (
                  <Link
                    to={paths.providers(lang)}
                    className="inline-flex min-h-10 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50"
                  >
                    {t('bookingScreens.confirmation.bookAnother')}
                  </Link>
                ) : null}
              </div>
            </div>
          );
        }}
      </LoadGate>
    </>
  );
}
