import type { Language } from '@app/shared/constants';
import type { BookingParty } from '@app/shared/schemas/bookings';
import type { FastifyInstance } from 'fastify';
import { type Actor, requireRole } from '../../../platform/auth-guard.ts';
import { byUser, rateLimit } from '../../../platform/rate-limits.ts';

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

/**
 * The limit on starting and placing bookings (POST /booking, /booking/{id}/schedule,
 * /booking/series), one count per client across the three: holds cannot be churned by a script.
 */
export function holdCreationLimit(app: FastifyInstance) {
  return rateLimit(app, [{ name: 'holdCreationPerUser', keyOf: byUser }]);
}
