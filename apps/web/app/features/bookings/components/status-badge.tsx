import type { Booking } from '@app/shared/schemas/bookings';
import { useTranslation } from 'react-i18next';
import { cn } from '#app/ui/cn';
import type { BookingRole } from '../api/keys';

const STYLES: Record<Booking['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-green-100 text-green-900',
  completed: 'bg-slate-200 text-slate-800',
  cancelled: 'bg-red-100 text-red-900',
  rejected: 'bg-red-100 text-red-900',
  expired: 'bg-slate-200 text-slate-800',
};

/**
 * The booking status as a coloured label: "Awaiting payment" for a held, unpaid slot; for a
 * session the provider booked that the client has not accepted yet, "Awaiting the client" (or
 * "Awaiting your answer" when `party` is the client).
 */
export function StatusBadge({
  booking,
  party,
  className,
}: {
  booking: Booking;
  party?: BookingRole;
  className?: string;
}) {
  const { t } = useTranslation();
  const awaitingClient =
    booking.status === 'pending' && booking.createdBy === 'provider' && booking.participantStatus === 'awaiting';
  const awaitingPayment =
    booking.status === 'pending' && booking.startAt !== null && !booking.isPaid && booking.priceMinor > 0;
  const label = awaitingClient
    ? t(party === 'client' ? 'bookingScreens.status.awaitingYou' : 'bookingScreens.status.awaitingClient')
    : awaitingPayment
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
