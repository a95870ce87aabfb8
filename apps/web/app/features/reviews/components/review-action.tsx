import type { Booking } from '@app/shared/schemas/bookings';
import { useWords } from '#app/lib/words';
import { Button } from '#app/ui/button';
import { useModals } from '#app/ui/modal-manager';
import { REVIEW_MODALS } from '../lib/modals';

/** Whether a session has taken place (completed, or confirmed and over). */
export function sessionTookPlace(booking: Pick<Booking, 'status' | 'endAt'>, now: number): boolean {
  if (booking.status === 'completed') return true;
  return booking.status === 'confirmed' && booking.endAt !== null && new Date(booking.endAt).getTime() <= now;
}

/**
 * The client's review action on a session that took place: "Review session" until reviewed, then
 * "Edit review" (the dialog tells when the one edit has been used).
 */
export function ReviewAction({ booking, now }: { booking: Booking; now: number }) {
  const { t } = useWords();
  const modals = useModals();
  if (!sessionTookPlace(booking, now)) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-3">
      {booking.feedbackProvided ? (
        <span className="text-sm text-slate-600">{t('reviewScreens.action.reviewed')}</span>
      ) : (
        <span className="text-sm text-slate-700">{t('reviewScreens.action.prompt')}</span>
      )}
      <Button
        variant={booking.feedbackProvided ? 'secondary' : 'primary'}
        onClick={() =>
          modals.open(REVIEW_MODALS.review, { bookingId: booking.identifier, providerName: booking.provider.name })
        }
        aria-label={t(booking.feedbackProvided ? 'reviewScreens.action.editFor' : 'reviewScreens.action.reviewFor', {
          name: booking.provider.name,
        })}
      >
        {t(booking.feedbackProvided ? 'reviewScreens.action.edit' : 'reviewScreens.action.review')}
      </Button>
    </div>
  );
}
