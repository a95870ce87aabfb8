import { type Booking, RESCHEDULE_APPROVAL_WINDOW_HOURS } from '@app/shared/schemas/bookings';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { longDateOf, timeRangeOf } from '#app/lib/format';
import { innerPaths } from '#app/lib/paths-inner';
import { useLang } from '#app/lib/use-lang';
import { useViewerZone } from '#app/lib/viewer-zone';
import { useModals } from '#app/ui/modal-manager';
import { useReschedulePolicy } from '../api/get-reschedule-policy';
import type { BookingRole } from '../api/keys';
import { useRescheduleBooking } from '../api/reschedule-booking';
import { BOOKING_MODALS } from '../lib/modals';
import { remainingReschedules, rescheduleLimitReached } from '../lib/rules';
import { BookingActionDialog } from './booking-action-dialog';
import { PolicyGate } from './policy-gate';
import { PolicyLink } from './policy-link';
import { ScheduleForm } from './schedule-form';
import { SuccessView } from './success-view';

export interface RescheduleDialogProps {
  booking: Booking | null;
  party: BookingRole;
}

/**
 * Reschedule appointment (SPEC.md §2, §4), client and provider versions: the calendar, the
 * party's remaining reschedules ('Rescheduling limit reached' at 0 disables it), a notice when
 * the other party must approve (within 48 hours). Success: 'APPOINTMENT RESCHEDULED
 * SUCCESSFULLY', or the must-confirm message while the request is pending. A pending unpaid
 * booking goes on to /payment/{bookingId}/.
 */
export function RescheduleDialog({ booking, party: role }: RescheduleDialogProps) {
  const { t } = useTranslation();
  return (
    <BookingActionDialog
      modal={BOOKING_MODALS.reschedule}
      booking={booking}
      title={t(role === 'client' ? 'bookingScreens.reschedule.titleClient' : 'bookingScreens.reschedule.titleProvider')}
      size="lg"
      form={({ booking, onDone }) => <RescheduleForm booking={booking} party={role} onDone={onDone} />}
      success={({ booking, onClose }) => <RescheduleSuccess booking={booking} party={role} onClose={onClose} />}
    />
  );
}

function RescheduleForm({
  booking,
  party: role,
  onDone,
}: {
  booking: Booking;
  party: BookingRole;
  onDone(booking: Booking): void;
}) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const modals = useModals();
  const zone = useViewerZone();
  const headingId = useId();
  const policy = useReschedulePolicy(booking.identifier);
  const reschedule = useRescheduleBooking();

  const remaining = policy.data?.remainingReschedule ?? remainingReschedules(booking, role);
  const limitReached = rescheduleLimitReached(booking, role) || policy.data?.reason === 'RESCHEDULE_LIMIT_REACHED';
  const blockedReason =
    policy.data && !policy.data.canReschedule && policy.data.reason !== 'RESCHEDULE_LIMIT_REACHED'
      ? policy.data.reason
      : null;
  const counted = booking.status === 'confirmed';
  const other = role === 'client' ? 'therapist' : 'client';

  async function submit(body: { timeslotIdentifier: string; note?: string | null }) {
    const answer = await reschedule.mutateAsync({ role, bookingId: booking.identifier, body });
    if (answer.status === 'pending' && !answer.isPaid && answer.priceMinor > 0 && role === 'client') {
      modals.closeAll();
      navigate(innerPaths.payment(lang, answer.identifier));
      return;
    }
    onDone(answer);
  }

  return (
    <div className="flex flex-col gap-4">
      {booking.startAt && zone ? (
        <p className="text-sm text-slate-700">
          {t('bookingScreens.reschedule.current', {
            date: longDateOf(booking.startAt, zone, i18n.language),
            time: timeRangeOf(booking.startAt, booking.endAt, zone, i18n.language),
          })}
        </p>
      ) : null}
      <PolicyGate policy={policy} />
      {counted ? (
        <p className="text-sm text-slate-700" data-testid="reschedule-remaining">
          {t('bookingScreens.reschedule.remaining', { count: remaining })}
        </p>
      ) : null}
      {limitReached ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {t('bookingScreens.reschedule.limitReached')}
        </p>
      ) : blockedReason ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          {t(`errors.${blockedReason}`)}
        </p>
      ) : policy.data?.needsApproval ? (
        <p className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {t(`bookingScreens.reschedule.needsApproval.${other}`, { hours: RESCHEDULE_APPROVAL_WINDOW_HOURS })}
        </p>
      ) : null}
      <h3 id={headingId} className="font-semibold text-slate-900">
        {t('bookingScreens.reschedule.pickNew')}
      </h3>
      <ScheduleForm
        booking={booking}
        labelledBy={headingId}
        submit={submit}
        submitLabel={t('bookingScreens.reschedule.submit')}
        noteLabel={t('bookingScreens.reschedule.note')}
        disabled={limitReached || blockedReason !== null}
      >
        <PolicyLink party={role} />
      </ScheduleForm>
    </div>
  );
}

function RescheduleSuccess({
  booking,
  party: role,
  onClose,
}: {
  booking: Booking;
  party: BookingRole;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const zone = useViewerZone();
  const pending = booking.rescheduleInfo.status === 'pending';
  const other = role === 'client' ? 'therapist' : 'client';
  const shown = pending ? booking.rescheduleInfo.proposedStartAt : booking.startAt;
  const shownEnd = pending ? booking.rescheduleInfo.proposedEndAt : booking.endAt;
  return (
    <SuccessView
      title={pending ? t(`bookingScreens.reschedule.mustConfirm.${other}`) : t('bookingScreens.reschedule.success')}
      actionLabel={t('bookingScreens.close')}
      onAction={onClose}
    >
      {shown && zone ? (
        <p>
          {t(pending ? 'bookingScreens.reschedule.proposedTime' : 'bookingScreens.reschedule.newTime', {
            date: longDateOf(shown, zone, i18n.language),
            time: timeRangeOf(shown, shownEnd, zone, i18n.language),
          })}
        </p>
      ) : null}
      <p>{t(`bookingScreens.notified.${other}`)}</p>
    </SuccessView>
  );
}
