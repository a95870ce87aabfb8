import { useMutation } from '@tanstack/react-query';
import { api } from '#app/api/client';

export interface ShareBookingInput {
  bookingIdentifier: string;
  email: string;
  consent: true;
}

/** POST /share-booking: emails the booking summary to an address the user names (consent required). */
export function shareBooking(body: ShareBookingInput): Promise<{ message: string }> {
  return api<{ message: string }>('/share-booking', { method: 'POST', body });
}

export function useShareBooking() {
  return useMutation({ mutationFn: shareBooking });
}
