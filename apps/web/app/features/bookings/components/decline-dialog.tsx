import type { Language } from '@app/shared/constants';
import type { Booking } from '@app/shared/schemas/bookings';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { priceText } from '#app/lib/price';
import { useLang } from '#app/lib/use-lang';
import { useAnswerParticipant } from '../api/answer-participant';
import { BOOKING_MODALS } from '../lib/modals';
import { BookingActionDialog } from './booking-action-dialog';
import { ReasonForm } from './reason-form';
import { SuccessView } from './success-view';

/**
 * The provider declines a client's booking: asked to confirm, with a required reason that the
 * client receives (in their language, by email and on the booking), and told first what happens
 * to the client's money (a paid session goes back to the client's wallet in full). Final.
 */
export function DeclineDialog({ booking }: { booking: Booking | null }) {
  const { t } = useTranslation();
  return (
    <BookingActionDialog
      modal={BOOKING_MODALS.decline}
      booking={booking}
      title={t('bookingScreens.decline.title')}
      size="md"
      form={({ booking, onDone, onClose }) => <DeclineForm booking={booking} onDeclined={onDone} onKeep={onClose} />}
      success={({ booking, onClose }) => <DeclineSuccess booking={booking} onClose={onClose} />}
    />
  );
}

/** What declining does to the client's money, before it happens. */
export function declineMoneyText(t: TFunction, booking: Booking, language: Language) {
  const name = booking.client.name;
  if (booking.priceMinor === 0) return t('bookingScreens.decline.free');
  if (!booking.isPaid) return t('bookingScreens.decline.notPaid', { name });
  return t('bookingScreens.decline.refundPaid', {
    name,
    amount: priceText(booking.priceMinor, booking.currencyCode, language),
  });
}

function DeclineForm({
  booking,
  onDeclined,
  onKeep,
}: {
  booking: Booking;
  onDeclined(booking: Booking): void;
  onKeep(): void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const answer = useAnswerParticipant();
  return (
    <ReasonForm
      kind="decline"
      recipient={booking.client.name}
      confirmLabel={t('bookingScreens.decline.confirm')}
      pending={answer.isPending}
      onSubmit={async (body) =>
        onDeclined(
          await answer.mutateAsync({ role: 'provider', bookingId: booking.identifier, accept: false, note: body.note }),
        )
      }
      onKeep={onKeep}
    >
      <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-800" data-testid="decline-money">
        {declineMoneyText(t, booking, lang)}
      </p>
    </ReasonForm>
  );
}

function DeclineSuccess({ booking, onClose }: { booking: Booking; onClose(): void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const refunded = booking.cancellation?.refundStatus === 'refunded';
  return (
    <SuccessView
      title={t('bookingScreens.participant.rejected')}
      actionLabel={t('bookingScreens.close')}
      onAction={onClose}
    >
      {refunded ? (
        <p>
          {t('bookingScreens.decline.doneRefunded', {
            name: booking.client.name,
            amount: priceText(booking.cancellation?.refundMinor ?? 0, booking.currencyCode, lang),
          })}
        </p>
      ) : null}
      <p>{t('bookingScreens.notified.client')}</p>
    </SuccessView>
  );
}
