import type { BookingFee, GeneralFeeUpdate, ProviderProfile, TherapyFeeUpdate } from '@app/shared/schemas/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { profileKeys } from '#app/api/keys/profiles';

/** POST /provider/booking-fee/general: `fee` in minor units (amount × 100), or isFree. */
export function setGeneralFee(input: GeneralFeeUpdate): Promise<BookingFee> {
  return api<BookingFee>('/provider/booking-fee/general', { method: 'POST', body: input });
}

/** POST /provider/booking-fee/therapy: the same for one therapy category. */
export function setTherapyFee(input: TherapyFeeUpdate): Promise<BookingFee> {
  return api<BookingFee>('/provider/booking-fee/therapy', { method: 'POST', body: input });
}

export function useSetGeneralFee() {
  return useSetFee(setGeneralFee);
}

export function useSetTherapyFee() {
  return useSetFee(setTherapyFee);
}

function useSetFee<Input>(save: (input: Input) => Promise<BookingFee>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (bookingFee) => {
      queryClient.setQueryData<ProviderProfile>(profileKeys.provider, (profile) =>
        profile ? { ...profile, bookingFee } : profile,
      );
      // Completeness (the bookingFee setup item) is the server's to tell.
      return queryClient.invalidateQueries({ queryKey: profileKeys.provider });
    },
  });
}
