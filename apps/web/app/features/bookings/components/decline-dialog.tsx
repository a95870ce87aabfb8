import type { Language } from '@app/shared/constants';
import { type Booking, type RejectBookingBody, RejectBookingBodySchema } from '@app/shared/schemas/bookings';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { priceText } from '#app/lib/price';
import { tMessage } from '#app/lib/t-message';
import { useLang } from '#app/lib/use-lang';
import { Button } from '#app/ui/button';
import { useToast } from '#app/ui/toast';
import { useAnswerParticipant } from '../api/answer-participant';
import { BOOKING_MODALS } from '../lib/modals';
import { BookingActionDialog } from './booking-action-dialog';
import { NoteField } from './note-field';
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
  const toast = useToast();
  const answer = useAnswerParticipant();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<{ note: string }, unknown, RejectBookingBody>({
    resolver: zodResolver(RejectBookingBodySchema),
    defaultValues: { note: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      onDeclined(
        await answer.mutateAsync({ role: 'provider', bookingId: booking.identifier, accept: false, note: body.note }),
      );
    } catch (error) {
      showServerError(error, { setError, fields: ['note'], toast, t });
    }
  });
  const note = watch('note') ?? '';

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-800" data-testid="decline-money">
        {declineMoneyText(t, booking, lang)}
      </p>
      <p className="text-sm text-slate-700">{t('bookingScreens.decline.final')}</p>
      <NoteField
        label={t('bookingScreens.decline.reason', { name: booking.client.name })}
        length={note.length}
        error={tMessage(t, errors.note?.message)}
        required
        {...register('note')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onKeep}>
          {t('bookingScreens.decline.keep')}
        </Button>
        <Button type="submit" variant="danger" loading={answer.isPending}>
          {t('bookingScreens.decline.confirm')}
        </Button>
      </div>
    </form>
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
