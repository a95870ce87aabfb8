import type { Booking, CreateAppointmentBody } from '@app/shared/schemas/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { afterBookingChange } from './invalidate';

/**
 * POST /appointment (provider): a session for one of the provider's clients in one of their own
 * slots. It is pending and holds the slot while the client accepts or declines it (24 h, never
 * past the start). "Not one of your clients" comes back as a field error on clientIdentifier.
 */
export function createAppointment(body: CreateAppointmentBody): Promise<Booking> {
  return api<Booking>('/appointment', { method: 'POST', body });
}

export function useCreateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppointment,
    onSuccess: (booking) => afterBookingChange(queryClient, 'provider', booking),
  });
}
