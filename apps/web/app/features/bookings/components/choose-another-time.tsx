import type { Booking } from '@app/shared/schemas/bookings';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { Button } from '#app/ui/button';
import { useToast } from '#app/ui/toast';
import { useCreateBooking } from '../api/create-booking';

/**
 * After a hold ended: a new booking with the same therapist, therapy, session type and note
 * (POST /booking), handed to `onCreated` to continue at its time step. The lapsed booking is
 * left to expire; its time may have gone to someone else.
 */
export function ChooseAnotherTime({ booking, onCreated }: { booking: Booking; onCreated(next: Booking): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateBooking();
  const modality = booking.modality?.identifier;
  const therapy = booking.therapyCategory?.identifier;
  if (!modality || !therapy) return null;
  return (
    <Button
      className="mt-3 w-full sm:w-auto"
      loading={create.isPending}
      data-testid="choose-another-time"
      onClick={async () => {
        try {
          onCreated(
            await create.mutateAsync({
              providerIdentifier: booking.provider.identifier,
              modalityIdentifier: modality,
              therapyIdentifier: therapy,
              note: booking.note ?? '',
            }),
          );
        } catch (error) {
          showServerError(error, { toast, t });
        }
      }}
    >
      {t('bookingScreens.payment.chooseAnotherTime')}
    </Button>
  );
}
