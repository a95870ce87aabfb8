import type { Booking } from '@app/shared/schemas/bookings';
import { useModals } from '#app/ui/modal-manager';
import type { BookingRole } from '../api/keys';
import { BOOKING_MODALS, type BookingModalName } from '../lib/modals';
import { BookForClientDialog, bookForClientTarget } from './book-for-client-dialog';
import { CancelDialog } from './cancel-dialog';
import { DeclineDialog } from './decline-dialog';
import { MessageDialog } from './message-dialog';
import { RescheduleDialog } from './reschedule-dialog';
import { ScheduleDialog } from './schedule-dialog';

/** The booking dialogs of a page; each reads its booking from the modal manager's props. */
export function BookingDialogs({ party: role }: { party: BookingRole }) {
  const modals = useModals();
  const bookingFor = (name: Exclude<BookingModalName, 'booking-book-for-client'>): Booking | null =>
    modals.propsOf(name)?.booking ?? null;
  return (
    <>
      <CancelDialog booking={bookingFor(BOOKING_MODALS.cancel)} party={role} />
      <RescheduleDialog booking={bookingFor(BOOKING_MODALS.reschedule)} party={role} />
      <MessageDialog booking={bookingFor(BOOKING_MODALS.message)} party={role} />
      {role === 'client' ? <ScheduleDialog booking={bookingFor(BOOKING_MODALS.schedule)} /> : null}
      {role === 'provider' ? <DeclineDialog booking={bookingFor(BOOKING_MODALS.decline)} /> : null}
      {role === 'provider' ? (
        <BookForClientDialog target={bookForClientTarget(modals.propsOf(BOOKING_MODALS.bookForClient))} />
      ) : null}
    </>
  );
}
