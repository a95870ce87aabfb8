import { refundDeadline, rescheduleApprovalFrom } from '@app/shared/booking-rules';
import type { Booking } from '@app/shared/schemas/bookings';
import { NO_REFUND_WINDOW_HOURS, RESCHEDULE_APPROVAL_WINDOW_HOURS } from '@app/shared/schemas/bookings';
import { REMINDER_KINDS } from '@app/shared/schemas/notifications';
import { hasRoom, ROOM_OPENS_BEFORE_MINUTES } from '@app/shared/session-rules';
import { useTranslation } from 'react-i18next';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { useNow } from '#app/lib/use-now';
import { Link } from '#app/ui/link';
import type { BookingRole } from '../api/keys';
import { dateTimeIn } from './refund-terms';

/** The reminders' lead times in hours, longest first (24 and 1). */
const reminderHours = Object.values(REMINDER_KINDS)
  .map((kind) => kind.leadMinutes / 60)
  .sort((a, b) => b - a);

/**
 * "What happens next" after a booking: the reminders, where and when to join, how to reschedule
 * and what cancelling costs, all from the shared booking rules (never numbers of its own).
 */
export function WhatHappensNext({ booking, party, zone }: { booking: Booking; party: BookingRole; zone: string }) {
  const { t, i18n } = useTranslation();
  const { lang } = useLocaleData();
  const now = new Date(useNow());
  if (!booking.startAt) return null;
  const start = new Date(booking.startAt);
  // Only instants still ahead are promised: a deadline already past is said as what now holds.
  const refundBy = refundDeadline(start, now);
  const approvalFrom = rescheduleApprovalFrom(start, now);
  const details = innerPaths.appointment(lang, booking.identifier);
  const remaining =
    party === 'client'
      ? booking.rescheduleInfo.remainingClientReschedule
      : booking.rescheduleInfo.remainingProviderReschedule;
  return (
    <section
      aria-labelledby="next-steps-heading"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      data-testid="what-happens-next"
    >
      <h2 id="next-steps-heading" className="mb-4 text-lg font-semibold">
        {t('nextSteps.title')}
      </h2>
      <ol className="flex flex-col gap-4">
        <li>
          <h3 className="font-semibold text-slate-900">{t('nextSteps.remindersTitle')}</h3>
          <p className="text-slate-700">
            {t('nextSteps.reminders', { first: reminderHours[0], second: reminderHours[1] })}
          </p>
        </li>
        <li>
          <h3 className="font-semibold text-slate-900">{t('nextSteps.joinTitle')}</h3>
          <p className="text-slate-700">
            {hasRoom(booking.modality?.key ?? null)
              ? t('nextSteps.joinOnline', { minutes: ROOM_OPENS_BEFORE_MINUTES })
              : t('nextSteps.joinInPerson')}{' '}
            <Link to={details} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
              {t('nextSteps.openAppointment')}
            </Link>
          </p>
        </li>
        <li>
          <h3 className="font-semibold text-slate-900">{t('nextSteps.rescheduleTitle')}</h3>
          <p className="text-slate-700">
            {t('nextSteps.reschedule', { count: remaining })}{' '}
            {approvalFrom
              ? t('nextSteps.rescheduleApproval', {
                  hours: RESCHEDULE_APPROVAL_WINDOW_HOURS,
                  date: dateTimeIn(approvalFrom, zone, i18n.language),
                })
              : t('nextSteps.rescheduleApprovalNow', { hours: RESCHEDULE_APPROVAL_WINDOW_HOURS })}
          </p>
        </li>
        {party === 'client' ? (
          <li>
            <h3 className="font-semibold text-slate-900">{t('nextSteps.cancelTitle')}</h3>
            <p className="text-slate-700" data-testid="cancel-terms">
              {booking.priceMinor === 0
                ? t('nextSteps.cancelFree')
                : refundBy
                  ? t('nextSteps.cancelPaid', {
                      hours: NO_REFUND_WINDOW_HOURS,
                      date: dateTimeIn(refundBy, zone, i18n.language),
                    })
                  : t('nextSteps.cancelNoRefund', { hours: NO_REFUND_WINDOW_HOURS })}{' '}
              <Link
                to={innerPaths.cancellationPolicy(lang, 'client')}
                className="font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                {t('nextSteps.policy')}
              </Link>
            </p>
          </li>
        ) : null}
      </ol>
    </section>
  );
}
