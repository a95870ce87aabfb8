import { HOLD_MINUTES } from '@app/shared/schemas/bookings';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useProvider } from '#app/api/get-provider';
import { requireSession } from '#app/features/auth/lib/require-session';
import { useCreateSeries } from '#app/features/bookings/api/create-series';
import { useBooking } from '#app/features/bookings/api/get-booking';
import { useScheduleBooking } from '#app/features/bookings/api/schedule-booking';
import { BookingSteps } from '#app/features/bookings/components/booking-steps';
import { ProviderSummary } from '#app/features/bookings/components/provider-summary';
import { ScheduleForm } from '#app/features/bookings/components/schedule-form';
import { nextStepPath } from '#app/features/bookings/lib/next-step';
import { innerPaths } from '#app/lib/paths-inner';
import { priceText } from '#app/lib/price';
import { useLocaleData } from '#app/lib/shell-data';
import { LoadGate } from '#app/ui/load-gate';
import { PendingPayment } from '#app/ui/pending-payment';
import type { Route } from './+types/booking-schedule';

/**
 * /booking/{id}/schedule/ (clients): booking step 2 — the calendar and slot picker → POST
 * /booking/{id}/schedule. A priced booking goes on to /payment/{bookingId}/; a free one is
 * confirmed at once and goes to the confirmation. "Book a series" books a weekly or fortnightly
 * series instead (POST /booking/series, this booking becoming its first session) and goes on to
 * pay it.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['client']);
  return null;
}

export default function BookingSchedule({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const navigate = useNavigate();
  // From a time chosen on a therapist's page that was no longer free by the time it was asked for.
  const [search] = useSearchParams();
  const chosenTaken = search.get('taken') === '1';
  const booking = useBooking('client', params.bookingId);
  const schedule = useScheduleBooking();
  const createSeries = useCreateSeries();
  // The provider's zone: a series keeps the time on their wall clock.
  const provider = useProvider(booking.data?.provider.identifier ?? null);
  const providerZone = provider.data?.timezone;

  // A booking that already has its time is past this step.
  const data = booking.data;
  useEffect(() => {
    if (data && (data.status !== 'pending' || data.startAt !== null)) {
      navigate(innerPaths.bookingSummary(lang, data.identifier), { replace: true });
    }
  }, [data, lang, navigate]);

  return (
    <>
      <title>{`${t('bookingScreens.schedule.title')} · ${t('nav.brand')}`}</title>
      <h1 className="mb-4 text-2xl font-semibold">{t('bookingScreens.book.title')}</h1>
      <BookingSteps current={2} />
      <LoadGate query={booking}>
        {(current) => (
          <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
            <section
              aria-labelledby="schedule-heading"
              className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
            >
              <h2 id="schedule-heading" className="mb-4 text-lg font-semibold">
                {t('bookingScreens.schedule.title')}
              </h2>
              {chosenTaken ? (
                <p role="alert" className="mb-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
                  {t('bookingScreens.schedule.chosenTaken')}
                </p>
              ) : null}
              <ScheduleForm
                booking={current}
                labelledBy="schedule-heading"
                initialNote={current.note ?? ''}
                submitLabel={t(
                  current.priceMinor > 0 ? 'bookingScreens.schedule.submitPay' : 'bookingScreens.schedule.submit',
                )}
                noteLabel={t('bookingScreens.schedule.note')}
                repeat={
                  providerZone
                    ? {
                        providerZone,
                        priceMinor: current.priceMinor,
                        currencyCode: current.currencyCode,
                        submitLabel: (count) =>
                          t(
                            current.priceMinor > 0 ? 'bookingScreens.series.submitPay' : 'bookingScreens.series.submit',
                            { count },
                          ),
                        submitSeries: async ({ timeslotIdentifier, note, occurrences, cadence }) => {
                          const series = await createSeries.mutateAsync({
                            providerIdentifier: current.provider.identifier,
                            modalityIdentifier: current.modality?.identifier ?? '',
                            therapyIdentifier: current.therapyCategory?.identifier ?? '',
                            note,
                            timeslotIdentifier,
                            occurrences,
                            cadence,
                            bookingIdentifier: current.identifier,
                          });
                          const first = series.bookings[0];
                          if (!first) return;
                          navigate(nextStepPath(lang, first));
                        },
                      }
                    : undefined
                }
                submit={async (body) => {
                  const answer = await schedule.mutateAsync({ bookingId: current.identifier, body });
                  navigate(nextStepPath(lang, answer));
                }}
              />
            </section>
            {(schedule.isPending || createSeries.isPending) && current.priceMinor === 0 ? (
              <PendingPayment kind="free" onRefresh={() => window.location.reload()} />
            ) : null}
            <ProviderSummary name={current.provider.name} photo={current.provider.photo}>
              <dl className="grid gap-2 text-sm">
                <div>
                  <dt className="text-slate-600">{t('bookingScreens.facts.therapy')}</dt>
                  <dd className="font-medium">{current.therapyCategory?.name ?? '—'}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">{t('bookingScreens.facts.modality')}</dt>
                  <dd className="font-medium">{current.modality?.name ?? '—'}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">{t('bookingScreens.facts.price')}</dt>
                  <dd className="font-medium">
                    {current.priceMinor === 0
                      ? t('bookingScreens.free')
                      : priceText(current.priceMinor, current.currencyCode, lang)}
                  </dd>
                </div>
              </dl>
              <p className="text-xs text-slate-600">
                {t('bookingScreens.schedule.holdHint', { minutes: HOLD_MINUTES })}
              </p>
            </ProviderSummary>
          </div>
        )}
      </LoadGate>
    </>
  );
}
