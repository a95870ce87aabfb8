import type { Booking } from '@app/shared/schemas/bookings';
import { useTranslation } from 'react-i18next';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import type { BookingRole } from '../api/keys';
import { BOOKING_MODALS } from '../lib/modals';

/** Appointment message (SPEC.md §2): shows the booking note. */
export function MessageDialog({ booking, party: role }: { booking: Booking | null; party: BookingRole }) {
  const { t } = useTranslation();
  const binding = useModalBinding(BOOKING_MODALS.message);
  const modals = useModals();
  const open = binding.open && booking !== null;
  const fromOther = booking && booking.createdBy !== role;
  const author = booking ? (booking.createdBy === 'client' ? booking.client.name : booking.provider.name) : '';
  return (
    <Dialog
      {...binding}
      open={open}
      title={fromOther ? t('bookingScreens.message.titleFrom', { name: author }) : t('bookingScreens.message.titleOwn')}
    >
      <div className="flex flex-col gap-4">
        <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm whitespace-pre-line text-slate-800">
          {booking?.note || t('bookingScreens.message.empty')}
        </p>
        {booking?.rescheduleInfo.note ? (
          <div className="text-sm">
            <p className="font-medium text-slate-700">{t('bookingScreens.message.rescheduleNote')}</p>
            <p className="mt-1 whitespace-pre-line text-slate-800">{booking.rescheduleInfo.note}</p>
          </div>
        ) : null}
        {booking?.cancellation?.reason ? (
          <div className="text-sm">
            <p className="font-medium text-slate-700">{t('bookingScreens.message.cancelReason')}</p>
            <p className="mt-1 whitespace-pre-line text-slate-800">{booking.cancellation.reason}</p>
          </div>
        ) : null}
        <div className="flex justify-end">
          <Button variant="secondary" onClick={modals.closeAll}>
            {t('bookingScreens.close')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
