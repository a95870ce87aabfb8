import type { Booking } from '@app/shared/schemas/bookings';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { localePath } from '../../../lib/i18n';
import { Dialog } from '../../../ui/dialog';
import { useViewerZone } from '../../availability/lib/viewer-zone';
import { useModalBinding, useModals } from '../../shell/modal-manager';
import { useScheduleBooking } from '../api/schedule-booking';
import { longDateOf, timeRangeOf } from '../lib/format';
import { useLang } from '../lib/use-lang';
import { BOOKING_MODALS } from '../modals';
import { ScheduleForm } from './schedule-form';
import { SuccessView } from './success-view';

/**
 * Schedule appointment (client, SPEC.md §2): picks the time of a booking that has none. A priced
 * booking goes on to /payment/{bookingId}/ (SPEC.md §4); a free one is confirmed and shows the
 * success view ("The therapist will be notified").
 */
export function ScheduleDialog({ booking }: { booking: Booking | null }) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const binding = useModalBinding(BOOKING_MODALS.schedule);
  const modals = useModals();
  const navigate = useNavigate();
  const zone = useViewerZone();
  const headingId = useId();
  const schedule = useScheduleBooking();
  const [done, setDone] = useState<Booking | null>(null);
  const open = binding.open && booking !== null;

  useEffect(() => {
    if (open) setDone(null);
  }, [open]);

  async function submit(body: { timeslotIdentifier: string; note?: string | null }) {
    if (!booking) return;
    const answer = await schedule.mutateAsync({ bookingId: booking.identifier, body });
    if (answer.status === 'pending' && answer.priceMinor > 0) {
      modals.closeAll();
      navigate(localePath(lang, `/payment/${answer.identifier}/`));
      return;
    }
    setDone(answer);
  }

  return (
    <Dialog {...binding} open={open} title={t('bookingScreens.schedule.title')} size="lg">
      {done ? (
        <SuccessView
          title={t('bookingScreens.schedule.success')}
          actionLabel={t('bookingScreens.close')}
          onAction={modals.closeAll}
        >
          {done.startAt && zone ? (
            <p>
              {t('bookingScreens.reschedule.newTime', {
                date: longDateOf(done.startAt, zone, i18n.language),
                time: timeRangeOf(done.startAt, done.endAt, zone),
              })}
            </p>
          ) : null}
          <p>{t('bookingScreens.notified.therapist')}</p>
        </SuccessView>
      ) : booking ? (
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
      ) : null}
    </Dialog>
  );
}
