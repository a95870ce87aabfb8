import type { BookingConsent } from '@app/shared/schemas/consent';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { consentKeys } from './keys';

/** GET /booking/{id}/consent (either party): the provider's current consent and the client's signature. */
export function getBookingConsent(bookingId: string): Promise<BookingConsent> {
  return api<BookingConsent>(`/booking/${encodeURIComponent(bookingId)}/consent`);
}

export function bookingConsentQuery(bookingId: string) {
  return queryOptions({ queryKey: consentKeys.booking(bookingId), queryFn: () => getBookingConsent(bookingId) });
}

export function useBookingConsent(bookingId: string) {
  return useQuery(bookingConsentQuery(bookingId));
}
