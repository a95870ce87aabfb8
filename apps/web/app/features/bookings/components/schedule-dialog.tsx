import type { Booking } from '@app/shared/schemas/bookings';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { longDateOf, timeRangeOf } from '#app/lib/format';
import { innerPaths } from '#app/lib/paths-inner';
import { useLang } from '#app/lib/use-lang';
import { useViewerZone } from '#app/lib/viewer-zone';
import { useModals } from '#app/ui/modal-manager';
import { useScheduleBooking } from '../api/schedule-booking';
import { BOOKING_MODALS } from '../lib/modals';
import { BookingActionDialog } from './booking-action-dialog';
import { ScheduleForm } from './schedule-form';
import { SuccessView } from './success-view';

/**
 * Schedule appointment (client, SPEC.md §2): picks the time of a booking that has none. A priced
 * booking goes on to /payment/{bookingId}/ (SPEC.md §4); a free one is confirmed and shows the
 * success view ("The therapist will be notified").
 */
export function ScheduleDialog({ booking }: { booking: Booking | null }) {
  const { t } = useTranslation();
  return (
    <BookingActionDialog
      modal={BOOKING_MODALS.schedule}
      booking={booking}
      title={t('bookingScreens.schedule.title')}
      size="lg"
      form={({ booking, onDone }) => <SchedulePicker booking={booking} onDone={onDone} />}
      success={({ booking, onClose }) => <ScheduledView booking={booking} onClose={onClose} />}
    />
  );
}

function SchedulePicker({ booking, onDone }: { booking: Booking; onDone(booking: Booking): void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const modals = useModals();
  const navigate = useNavigate();
  const headingId = useId();
  const schedule = useScheduleBooking();

  async function submit(body: { timeslotIdentifier: string; note?: string | null }) {
    const answer = await schedule.mutateAsync({ bookingId: booking.identifier, body });
    if (answer.status === 'pending' && answer.priceMinor > 0) {
      modals.closeAll();
      navigate(innerPaths.payment(lang, answer.identifier));
      return;
    }
    onDone(answer);
  }

  return (
    <>
      <h3 id={headingId} className="sr-only">
        {t('bookingScreens.schedule.pick')}
      </h3>
      <ScheduleForm
        booking={booking}
        labelledBy={headingId}
        submit={submit}
        submitLabel={t('bookingScreens.schedule.submit')}
        noteLabel={t('bookingScreens.schedule.note')}
        initialNote={booking.note ?? ''}
      />
    </>
  );
}

function ScheduledView({ booking, onClose }: { booking: Booking; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const zone = useViewerZone();
  return (
    <SuccessView
      title={t('bookingScreens.schedule.success')}
      actionLabel={t('bookingScreens.close')}
      onAction={onClose}
    >
      {booking.startAt && zone ? (
        <p>
          {t('bookingScreens.reschedule.newTime', {
            date: longDateOf(booking.startAt, zone, i18n.language),
            time: timeRangeOf(booking.startAt, booking.endAt, zone, i18n.language),
          })}
        </p>
      ) : null}
      <p>{t('bookingScreens.notified.therapist')}</p>
    </SuccessView>
  );
}
