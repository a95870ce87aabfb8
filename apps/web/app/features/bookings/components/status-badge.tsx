import type { Booking } from '@app/shared/schemas/bookings';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../ui/cn';

const STYLES: Record<Booking['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-green-100 text-green-900',
  completed: 'bg-slate-200 text-slate-800',
  cancelled: 'bg-red-100 text-red-900',
  rejected: 'bg-red-100 text-red-900',
  expired: 'bg-slate-200 text-slate-800',
};

/** The booking status as a coloured label ("Pending payment" for a held, unpaid slot). */
export function StatusBadge({ booking, className }: { booking: Booking; className?: string }) {
  const { t } = useTranslation();
  const awaitingPayment =
    booking.status === 'pending' && booking.startAt !== null && !booking.isPaid && booking.priceMinor > 0;
  const label = awaitingPayment
    ? t('bookingScreens.status.awaitingPayment')
    : booking.status === 'pending' && booking.startAt === null
      ? t('bookingScreens.status.unscheduled')
      : t(`bookingScreens.status.${booking.status}`);
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        STYLES[booking.status],
        className,
      )}
    >
      {label}
    </span>
  );
}
