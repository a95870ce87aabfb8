import type { Booking } from '@app/shared/schemas/bookings';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { longDateOf, timeRangeOf } from '#app/lib/format';
import { innerPaths } from '#app/lib/paths-inner';
import { useLang } from '#app/lib/use-lang';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Button } from '#app/ui/button';
import { cn } from '#app/ui/cn';
import { Link } from '#app/ui/link';
import { useModals } from '#app/ui/modal-manager';
import { useToast } from '#app/ui/toast';
import { useAnswerParticipant } from '../api/answer-participant';
import { useAnswerReschedule } from '../api/answer-reschedule';
import type { BookingRole } from '../api/keys';
import { BOOKING_MODALS, type BookingModalName } from '../lib/modals';
import {
  awaitsMyParticipantAnswer,
  awaitsMyRescheduleAnswer,
  awaitsOtherRescheduleAnswer,
  canOfferCancel,
  canOfferReschedule,
  needsPayment,
  needsSchedule,
  rescheduleLimitReached,
} from '../lib/rules';

const linkButton =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors';

/**
 * What a party can do with a booking now: answer a reschedule request or a booking made for
 * them, pay, pick a time, reschedule (disabled at the limit), cancel, read the message.
 */
export function BookingActions({
  booking,
  party: role,
  now,
  showDetailsLink = false,
  startReschedule = false,
}: {
  booking: Booking;
  party: BookingRole;
  now: number;
  showDetailsLink?: boolean;
  /** Open the reschedule dialog at once when it is offered (a "Reschedule" link from the overview). */
  startReschedule?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const modals = useModals();
  const toast = useToast();
  const zone = useViewerZone();
  const limitId = useId();
  const answerReschedule = useAnswerReschedule();
  const answerParticipant = useAnswerParticipant();
  const otherName = role === 'client' ? booking.provider.name : booking.client.name;
  const info = booking.rescheduleInfo;

  async function onReschedule(accept: boolean) {
    try {
      await answerReschedule.mutateAsync({ role, bookingId: booking.identifier, accept });
      toast.success(
        t(accept ? 'bookingScreens.rescheduleRequest.accepted' : 'bookingScreens.rescheduleRequest.rejected'),
      );
    } catch (error) {
      showServerError(error, { toast, t });
    }
  }

  async function onParticipant(accept: boolean) {
    // A provider's decline is final and tells the client why: it asks first (DeclineDialog).
    if (!accept && role === 'provider') {
      open(BOOKING_MODALS.decline);
      return;
    }
    try {
      await answerParticipant.mutateAsync({ role, bookingId: booking.identifier, accept });
      toast.success(t(accept ? 'bookingScreens.participant.acknowledged' : 'bookingScreens.participant.rejected'));
    } catch (error) {
      showServerError(error, { toast, t });
    }
  }

  const proposed =
    info.proposedStartAt && zone
      ? {
          date: longDateOf(info.proposedStartAt, zone, i18n.language),
          time: timeRangeOf(info.proposedStartAt, info.proposedEndAt, zone, i18n.language),
        }
      : null;
  const limitReached = rescheduleLimitReached(booking, role);
  const open = (name: BookingModalName) => modals.open(name, { booking });
  const rescheduleOffered = canOfferReschedule(booking, role, now) && !limitReached;
  const started = useRef(false);
  useEffect(() => {
    if (!startReschedule || !rescheduleOffered || started.current) return;
    started.current = true;
    modals.open(BOOKING_MODALS.reschedule, { booking });
  }, [startReschedule, rescheduleOffered, modals, booking]);

  return (
    <div className="flex flex-col gap-3">
      {awaitsMyRescheduleAnswer(booking, role) ? (
        <div className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
          <p className="font-medium">
            {proposed
              ? t('bookingScreens.rescheduleRequest.asked', { name: otherName, ...proposed })
              : t('bookingScreens.rescheduleRequest.askedNoTime', { name: otherName })}
          </p>
          <p className="mt-1">{t('bookingScreens.rescheduleRequest.mustConfirm')}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              onClick={() => void onReschedule(true)}
              loading={answerReschedule.isPending && answerReschedule.variables?.accept === true}
              disabled={answerReschedule.isPending}
            >
              {t('bookingScreens.rescheduleRequest.accept')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => void onReschedule(false)}
              loading={answerReschedule.isPending && answerReschedule.variables?.accept === false}
              disabled={answerReschedule.isPending}
            >
              {t('bookingScreens.rescheduleRequest.reject')}
            </Button>
          </div>
        </div>
      ) : null}
      {awaitsOtherRescheduleAnswer(booking, role) ? (
        <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700">
          {proposed
            ? t('bookingScreens.rescheduleRequest.waiting', { name: otherName, ...proposed })
            : t('bookingScreens.rescheduleRequest.waitingNoTime', { name: otherName })}
        </p>
      ) : null}
      {awaitsMyParticipantAnswer(booking, role, now) ? (
        <div className="rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm text-brand-800">
          <p className="font-medium">
            {t(
              role === 'provider' ? 'bookingScreens.participant.askProvider' : 'bookingScreens.participant.askClient',
              {
                name: otherName,
              },
            )}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              onClick={() => void onParticipant(true)}
              loading={answerParticipant.isPending && answerParticipant.variables?.accept === true}
              disabled={answerParticipant.isPending}
            >
              {t('bookingScreens.participant.acknowledge')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => void onParticipant(false)}
              loading={answerParticipant.isPending && answerParticipant.variables?.accept === false}
              disabled={answerParticipant.isPending}
            >
              {t('bookingScreens.participant.reject')}
            </Button>
          </div>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {role === 'client' && needsPayment(booking, now) ? (
          <Link
            to={innerPaths.payment(lang, booking.identifier)}
            className={cn(linkButton, 'bg-brand-700 text-white hover:bg-brand-800')}
          >
            {t('bookingScreens.actions.pay')}
          </Link>
        ) : null}
        {role === 'client' && needsSchedule(booking) ? (
          <Button onClick={() => open(BOOKING_MODALS.schedule)}>{t('bookingScreens.actions.schedule')}</Button>
        ) : null}
        {canOfferReschedule(booking, role, now) ? (
          <Button
            variant="secondary"
            onClick={() => open(BOOKING_MODALS.reschedule)}
            disabled={limitReached}
            aria-describedby={limitReached ? limitId : undefined}
          >
            {t('bookingScreens.actions.reschedule')}
          </Button>
        ) : null}
        {canOfferCancel(booking, now) ? (
          <Button variant="secondary" onClick={() => open(BOOKING_MODALS.cancel)} className="text-red-700">
            {t('bookingScreens.actions.cancel')}
          </Button>
        ) : null}
        {booking.note ? (
          <Button variant="ghost" onClick={() => open(BOOKING_MODALS.message)}>
            {t('bookingScreens.actions.message')}
          </Button>
        ) : null}
        {showDetailsLink ? (
          <Link
            to={innerPaths.appointment(lang, booking.identifier)}
            className={cn(linkButton, 'text-brand-700 hover:bg-brand-50')}
            aria-label={t('bookingScreens.actions.detailsFor', { name: otherName })}
          >
            {t('bookingScreens.actions.details')}
          </Link>
        ) : null}
      </div>
      {canOfferReschedule(booking, role, now) && limitReached ? (
        <p id={limitId} className="text-sm font-medium text-red-700">
          {t('bookingScreens.reschedule.limitReached')}
        </p>
      ) : null}
    </div>
  );
}
