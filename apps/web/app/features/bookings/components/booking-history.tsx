import type { BookingDetails } from '@app/shared/schemas/bookings';
import { useTranslation } from 'react-i18next';
import { shortDateOf, timeOf } from '#app/lib/format';

const KNOWN = new Set([
  'created',
  'appointment_created',
  'scheduled',
  'card_payment_started',
  'paid',
  'confirmed',
  'rescheduled',
  'reschedule_requested',
  'reschedule_accepted',
  'reschedule_rejected',
  'acknowledged',
  'rejected',
  'participant_rejected',
  'cancelled',
  'expired',
  'completed',
  'payment_refunded',
  'shared',
  'reschedule_permission_changed',
  'session_outcome',
  'rebooked',
]);

/** What happened to a booking, newest last, with who did it and when (viewer's zone). */
export function BookingHistory({ events, zone }: { events: BookingDetails['events']; zone: string }) {
  const { t, i18n } = useTranslation();
  const shown = events.filter((event) => KNOWN.has(event.type));
  if (shown.length === 0) return null;
  return (
    <ol className="relative flex flex-col gap-4 border-l border-slate-200 pl-5">
      {shown.map((event) => (
        <li key={`${event.type}-${event.at}-${event.actor}`} className="relative text-sm">
          <span aria-hidden="true" className="absolute top-1.5 -left-[1.6rem] h-2.5 w-2.5 rounded-full bg-brand-600" />
          <p className="font-medium text-slate-900">{t(`bookingScreens.events.${event.type}`)}</p>
          <p className="text-slate-600">
            {t(`bookingScreens.actors.${event.actor}`)} · {shortDateOf(event.at, zone, i18n.language)},{' '}
            {timeOf(event.at, zone, i18n.language)}
          </p>
        </li>
      ))}
    </ol>
  );
}
