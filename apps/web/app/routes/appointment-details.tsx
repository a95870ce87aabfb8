import { hasSuperbill } from '@app/shared/billing-rules';
import { NO_REFUND_WINDOW_HOURS } from '@app/shared/schemas/bookings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '#app/api/client';
import { requireSession } from '#app/features/auth/lib/require-session';
import { useBookingDetails } from '#app/features/bookings/api/get-booking-details';
import { BookingActions } from '#app/features/bookings/components/booking-actions';
import { BookingCalendar } from '#app/features/bookings/components/booking-calendar';
import { BookingDialogs } from '#app/features/bookings/components/booking-dialogs';
import { BookingFacts } from '#app/features/bookings/components/booking-facts';
import { BookingHistory } from '#app/features/bookings/components/booking-history';
import { CancelRestOfSeries } from '#app/features/bookings/components/cancel-series';
import { PolicyLink } from '#app/features/bookings/components/policy-link';
import { ReschedulePermissionSwitch } from '#app/features/bookings/components/reschedule-permission-switch';
import { SeriesLabel, SeriesSessions } from '#app/features/bookings/components/series-sessions';
import { StatusBadge } from '#app/features/bookings/components/status-badge';
import { BOOKING_MODALS } from '#app/features/bookings/lib/modals';
import { useBookingRole } from '#app/features/bookings/lib/role';
import { BookingConsentStatus } from '#app/features/consent/components/booking-consent-status';
import { DiagnosisForm } from '#app/features/documents/components/diagnosis-form';
import { DocumentDownloads } from '#app/features/documents/components/document-downloads';
import { SessionSuperbill } from '#app/features/documents/components/session-superbill';
import { MessageButton } from '#app/features/messages/components/message-button';
import { NoteDialogs } from '#app/features/notes/components/note-dialogs';
import { SessionNotes } from '#app/features/notes/components/session-notes';
import { JoinRoomLink } from '#app/features/session-room/components/join-room-link';
import { SessionOutcomePanel } from '#app/features/session-room/components/session-outcome-panel';
import { NotFoundPage } from '#app/features/shell/components/not-found-page';
import { dateInZone, monthOf } from '#app/lib/dates';
import { paths } from '#app/lib/paths';
import { innerPaths } from '#app/lib/paths-inner';
import { priceText } from '#app/lib/price';
import { useLocaleData } from '#app/lib/shell-data';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Button } from '#app/ui/button';
import { Link } from '#app/ui/link';
import { LoadGate } from '#app/ui/load-gate';
import { useModals } from '#app/ui/modal-manager';
import { PersonAvatar } from '#app/ui/person-avatar';
import { Spinner } from '#app/ui/spinner';
import type { Route } from './+types/appointment-details';

/**
 * /appointments/{id}/: one booking with its facts, reschedule counts, cancellation, history and
 * actions; the sessions of its series, and cancelling this session with every later one. Providers also book another session for the client
 * (dialog) and may let the client reschedule without their approval.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['client', 'provider']);
  return null;
}

export default function AppointmentDetails({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const role = useBookingRole();
  const zone = useViewerZone();
  const details = useBookingDetails(role, params.bookingId);
  const modals = useModals();
  const [now] = useState(() => Date.now());
  const [search] = useSearchParams();

  if (details.isError && details.error instanceof ApiError && details.error.status === 404) {
    return <NotFoundPage lang={lang} />;
  }

  return (
    <>
      <title>{`${t('bookingScreens.details.title')} · ${t('nav.brand')}`}</title>
      <Link
        to={paths.appointments(lang)}
        className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        ← {t('bookingScreens.details.back')}
      </Link>
      <LoadGate query={details}>
        {(booking) => {
          const other = role === 'client' ? booking.provider : booking.client;
          const cancellation = booking.cancellation;
          return (
            <div className="mt-4 flex flex-col gap-6">
              <div className="flex flex-wrap items-center gap-4">
                <PersonAvatar name={other.name} photo={other.photo} />
                <div className="min-w-0 flex-1">
                  <h1 className="text-2xl font-semibold">
                    {t(
                      role === 'client' ? 'bookingScreens.details.withTherapist' : 'bookingScreens.details.withClient',
                      {
                        name: other.name,
                      },
                    )}
                  </h1>
                  <div className="flex flex-wrap items-center gap-2">
                    <StatusBadge booking={booking} party={role} />
                    <SeriesLabel booking={booking} />
                  </div>
                </div>
                <JoinRoomLink booking={booking} path={innerPaths.sessionRoom(lang, booking.identifier)} />
                <MessageButton
                  userIdentifier={other.identifier}
                  threadPath={(id) => innerPaths.messageThread(lang, id)}
                />
                {role === 'provider' ? (
                  <Button
                    variant="secondary"
                    onClick={() => modals.open(BOOKING_MODALS.bookForClient, { booking })}
                    className="w-full sm:w-auto"
                  >
                    {t('bookingScreens.bookForClient.action')}
                  </Button>
                ) : null}
              </div>
              <BookingConsentStatus bookingId={booking.identifier} />
              <section
                aria-labelledby="details-facts"
                className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
              >
                <h2 id="details-facts" className="mb-4 text-lg font-semibold">
                  {t('bookingScreens.details.title')}
                </h2>
                {zone ? <BookingFacts booking={booking} party={role} zone={zone} /> : <Spinner />}
                <div className="mt-6 border-t border-slate-100 pt-5">
                  <BookingActions
                    booking={booking}
                    party={role}
                    now={now}
                    startReschedule={search.get('reschedule') === '1'}
                  />
                </div>
              </section>
              {booking.isPaid ? <DocumentDownloads of={{ bookingId: booking.identifier }} language={lang} /> : null}
              {booking.isPaid && hasSuperbill(booking) && role === 'client' && zone && booking.startAt ? (
                <SessionSuperbill bookingId={booking.identifier} month={monthOf(dateInZone(booking.startAt, zone))} />
              ) : null}
              {booking.isPaid && hasSuperbill(booking) && role === 'provider' ? (
                <DiagnosisForm bookingId={booking.identifier} />
              ) : null}
              {booking.status === 'confirmed' || booking.status === 'pending' ? (
                <section
                  aria-labelledby="details-rules"
                  className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
                >
                  <h2 id="details-rules" className="mb-3 text-lg font-semibold">
                    {t('bookingScreens.details.rules')}
                  </h2>
                  <ul className="flex flex-col gap-1.5 text-sm text-slate-700">
                    <li>
                      {t('bookingScreens.details.remainingClient', {
                        count: booking.rescheduleInfo.remainingClientReschedule,
                      })}
                    </li>
                    <li>
                      {t('bookingScreens.details.remainingProvider', {
                        count: booking.rescheduleInfo.remainingProviderReschedule,
                      })}
                    </li>
                    {role === 'client' && booking.allowRescheduleCompletedBooking ? (
                      <li>{t('bookingScreens.details.rescheduleAllowed')}</li>
                    ) : null}
                    {role === 'client' && booking.isPaid ? (
                      <li>
                        {booking.cancellationPolicy.isRefundable
                          ? t('bookingScreens.cancel.clientRefund', {
                              amount: priceText(
                                booking.cancellationPolicy.refundAmount,
                                booking.cancellationPolicy.currencyCode,
                                lang,
                              ),
                            })
                          : t('bookingScreens.cancel.clientNoRefund', { hours: NO_REFUND_WINDOW_HOURS })}
                      </li>
                    ) : null}
                  </ul>
                  {role === 'provider' ? (
                    <div className="mt-4 border-t border-slate-100 pt-4">
                      <ReschedulePermissionSwitch booking={booking} />
                    </div>
                  ) : null}
                  <div className="mt-3">
                    <PolicyLink party={role} />
                  </div>
                </section>
              ) : null}
              {zone && booking.status === 'completed' ? (
                <SessionOutcomePanel
                  bookingId={booking.identifier}
                  party={role}
                  zone={zone}
                  endsAt={booking.endAt}
                  bookingPath={(id) => innerPaths.appointment(lang, id)}
                  renderSlotPicker={(picker) => (
                    <BookingCalendar
                      providerId={booking.provider.identifier}
                      categoryId={booking.therapyCategory?.identifier}
                      timezone={zone}
                      {...picker}
                    />
                  )}
                />
              ) : null}
              {zone && booking.series ? <SeriesSessions booking={booking} party={role} zone={zone} now={now} /> : null}
              {zone && booking.series ? (
                <CancelRestOfSeries booking={booking} party={role} zone={zone} now={now} />
              ) : null}
              {cancellation ? (
                <section
                  aria-labelledby="details-cancellation"
                  className="rounded-2xl border border-red-100 bg-red-50/50 p-5 sm:p-6"
                >
                  <h2 id="details-cancellation" className="mb-3 text-lg font-semibold">
                    {t('bookingScreens.details.cancellation')}
                  </h2>
                  <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
                    <dt className="font-medium text-slate-600">{t('bookingScreens.details.cancelledBy')}</dt>
                    <dd>{t(`bookingScreens.actors.${cancellation.cancelledBy}`)}</dd>
                    {cancellation.reason ? (
                      <>
                        <dt className="font-medium text-slate-600">{t('bookingScreens.message.cancelReason')}</dt>
                        <dd className="whitespace-pre-line">{cancellation.reason}</dd>
                      </>
                    ) : null}
                    <dt className="font-medium text-slate-600">{t('bookingScreens.details.refund')}</dt>
                    <dd>
                      {cancellation.refundStatus === 'refunded'
                        ? t('bookingScreens.details.refunded', {
                            amount: priceText(cancellation.refundMinor, booking.currencyCode, lang),
                          })
                        : t(`bookingScreens.details.refundStatus.${cancellation.refundStatus}`, {
                            hours: NO_REFUND_WINDOW_HOURS,
                          })}
                    </dd>
                  </dl>
                </section>
              ) : null}
              {role === 'provider' ? (
                <SessionNotes
                  session={{ identifier: booking.identifier, startAt: booking.startAt }}
                  clientId={booking.client.identifier}
                />
              ) : null}
              {zone && booking.events.length > 0 ? (
                <section
                  aria-labelledby="details-history"
                  className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
                >
                  <h2 id="details-history" className="mb-4 text-lg font-semibold">
                    {t('bookingScreens.details.history')}
                  </h2>
                  <BookingHistory events={booking.events} zone={zone} />
                </section>
              ) : null}
            </div>
          );
        }}
      </LoadGate>
      <BookingDialogs party={role} />
      {role === 'provider' ? <NoteDialogs /> : null}
    </>
  );
}
