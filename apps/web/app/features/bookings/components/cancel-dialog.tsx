import { type Booking, NO_REFUND_WINDOW_HOURS } from '@app/shared/schemas/bookings';
import { useTranslation } from 'react-i18next';
import { priceText } from '#app/lib/price';
import { useLang } from '#app/lib/use-lang';
import { useCancelBooking } from '../api/cancel-booking';
import { useCancellationPolicy } from '../api/get-cancellation-policy';
import type { BookingRole } from '../api/keys';
import { BOOKING_MODALS } from '../lib/modals';
import { cancelOutcome } from '../lib/rules';
import { BookingActionDialog } from './booking-action-dialog';
import { PolicyGate } from './policy-gate';
import { PolicyLink } from './policy-link';
import { ReasonForm } from './reason-form';
import { SuccessView } from './success-view';

export interface CancelDialogProps {
  /** The booking to cancel (from the modal's props); null while closed. */
  booking: Booking | null;
  party: BookingRole;
}

/**
 * Cancel booking (SPEC.md §2, §4, §5), client and provider versions: a required reason; the
 * client is told that cancelling within 48 hours gives no refund and what they would get back
 * now; the provider that the client is refunded in full. Cancellation is final. The success view
 * depends on whether it was a pending request or on the refund, and says who is notified.
 */
export function CancelDialog({ booking, party: role }: CancelDialogProps) {
  const { t } = useTranslation();
  return (
    <BookingActionDialog
      modal={BOOKING_MODALS.cancel}
      booking={booking}
      title={t(role === 'client' ? 'bookingScreens.cancel.titleClient' : 'bookingScreens.cancel.titleProvider')}
      size="md"
      form={({ booking, onDone, onClose }) => (
        <CancelForm booking={booking} party={role} onCancelled={onDone} onKeep={onClose} />
      )}
      success={({ booking, onClose }) => <CancelSuccess booking={booking} party={role} onClose={onClose} />}
    />
  );
}

function CancelForm({
  booking,
  party: role,
  onCancelled,
  onKeep,
}: {
  booking: Booking;
  party: BookingRole;
  onCancelled(booking: Booking): void;
  onKeep(): void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const policy = useCancellationPolicy(booking.identifier);
  const cancel = useCancelBooking();

  const data = policy.data;
  const amount = data ? priceText(data.refundAmount, data.currencyCode, lang) : '';
  const paid = booking.isPaid && booking.priceMinor > 0;
  let outcome: string | null = null;
  if (data?.canCancel) {
    if (role === 'client') {
      outcome = data.isRefundable
        ? t('bookingScreens.cancel.clientRefund', { amount })
        : paid
          ? t('bookingScreens.cancel.clientNoRefund', { hours: NO_REFUND_WINDOW_HOURS })
          : t('bookingScreens.cancel.nothingPaid');
    } else {
      outcome = data.isRefundable
        ? t('bookingScreens.cancel.providerRefund', { amount })
        : t('bookingScreens.cancel.nothingPaid');
    }
  }

  return (
    <ReasonForm
      kind="cancel"
      confirmLabel={t('bookingScreens.cancel.confirm')}
      pending={cancel.isPending}
      disabled={data ? !data.canCancel : false}
      onSubmit={async (body) => onCancelled(await cancel.mutateAsync({ role, bookingId: booking.identifier, body }))}
      onKeep={onKeep}
      footer={<PolicyLink party={role} />}
    >
      {role === 'client' ? (
        <p className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {t('bookingScreens.cancel.windowWarning', { hours: NO_REFUND_WINDOW_HOURS })}
        </p>
      ) : null}
      <PolicyGate policy={policy}>
        {(loaded) =>
          !loaded.canCancel ? (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
              {loaded.reason ? t(`errors.${loaded.reason}`) : t('errors.BOOKING_NOT_CANCELLABLE')}
            </p>
          ) : outcome ? (
            <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-800" data-testid="cancel-outcome">
              {outcome}
            </p>
          ) : null
        }
      </PolicyGate>
    </ReasonForm>
  );
}

function CancelSuccess({ booking, party: role, onClose }: { booking: Booking; party: BookingRole; onClose(): void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const outcome = cancelOutcome(booking);
  const amount = priceText(booking.cancellation?.refundMinor ?? 0, booking.currencyCode, lang);
  const title =
    outcome === 'refunded'
      ? t(
          role === 'client'
            ? 'bookingScreens.cancel.done.refundedClient'
            : 'bookingScreens.cancel.done.refundedProvider',
          {
            amount,
          },
        )
      : t(`bookingScreens.cancel.done.${outcome}`, { hours: NO_REFUND_WINDOW_HOURS });
  return (
    <SuccessView title={title} actionLabel={t('bookingScreens.close')} onAction={onClose}>
      <p>{t(role === 'client' ? 'bookingScreens.notified.therapist' : 'bookingScreens.notified.client')}</p>
    </SuccessView>
  );
}
