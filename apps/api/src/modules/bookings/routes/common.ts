import type { Language } from '@app/shared/constants';
import type { BookingParty } from '@app/shared/schemas/bookings';
import { type Actor, requireRole } from '../../../platform/auth-guard.ts';

export const security = [{ bearer: [] }];
export const bookingsTags = ['bookings'];
export const appointmentTags = ['appointments'];
export const client = requireRole('client');
export const provider = requireRole('provider');

/**
 * The two sides of a booking: the client's /booking/{id}… and the provider's /appointment/{id}…
 * are the same services, each side reading and changing its bookings as that party.
 */
export const sides = [
  { party: 'client', prefix: '/booking', onRequest: client, tags: bookingsTags },
  { party: 'provider', prefix: '/appointment', onRequest: provider, tags: appointmentTags },
] as const;

/** The service input of a route on one of the caller's bookings, as `party`. */
export function mine(party: BookingParty, request: { actor: Actor; language: Language; params: { id: string } }) {
  return { actor: request.actor, party, language: request.language, bookingId: request.params.id };
}
