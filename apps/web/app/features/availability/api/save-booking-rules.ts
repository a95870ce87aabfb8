import type { AvailabilitySettings, BookingRulesInput } from '@app/shared/schemas/availability';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { availabilityKeys } from '#app/api/keys/availability';

/** PUT /provider-availability/settings with the booking rules (every calendar of the provider follows them). */
export function saveBookingRules(bookingRules: BookingRulesInput): Promise<AvailabilitySettings> {
  return api<AvailabilitySettings>('/provider-availability/settings', { method: 'PUT', body: { bookingRules } });
}

export function useSaveBookingRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBookingRules,
    // The rules change which slots every month shows.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
  });
}
