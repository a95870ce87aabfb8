import type { Booking } from '@app/shared/schemas/bookings';
import { type ReactNode, useEffect, useState } from 'react';
import { Dialog, type DialogProps } from '#app/ui/dialog';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import type { BookingModalName } from '../lib/modals';

export interface BookingActionDialogProps {
  /** The dialog's name in the modal manager (BOOKING_MODALS). */
  modal: BookingModalName;
  /** The booking acted on; null while closed. */
  booking: Booking | null;
  title: ReactNode;
  size: DialogProps['size'];
  /** The action's form; `onDone` takes the booking as the server answered and shows the success view. */
  form(props: { booking: Booking; onDone(answer: Booking): void; onClose(): void }): ReactNode;
  /** What the action did (after `onDone`). */
  success(props: { booking: Booking; onClose(): void }): ReactNode;
}

/**
 * A dialog that acts on one booking (cancel, reschedule): open while its modal is and a booking is
 * given, it shows the form until the action succeeds, then the success view. Each opening starts
 * again at the form.
 */
export function BookingActionDialog({ modal, booking, title, size, form, success }: BookingActionDialogProps) {
  const binding = useModalBinding(modal);
  const modals = useModals();
  const [done, setDone] = useState<Booking | null>(null);
  const open = binding.open && booking !== null;

  useEffect(() => {
    if (open) setDone(null);
  }, [open]);

  return (
    <Dialog {...binding} open={open} title={title} size={size}>
      {booking && done
        ? success({ booking: done, onClose: modals.closeAll })
        : booking
          ? form({ booking, onDone: setDone, onClose: modals.closeAll })
          : null}
    </Dialog>
  );
}
