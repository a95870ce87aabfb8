import type { Language } from '@app/shared/constants';
import type { BookingParty } from '@app/shared/schemas/bookings';
import { IdParamsSchema } from '@app/shared/schemas/common';
import type { z } from '@app/shared/zod';
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

/**
 * The schema of a route on one of the caller's bookings (`{id}`): its side's tags, its body when
 * it has one, its answer.
 */
export function onBooking<Response extends z.ZodType, Body extends z.ZodType | undefined = undefined>(
  tags: readonly string[],
  response: Response,
  body?: Body,
) {
  const schema = { tags: [...tags], security, params: IdParamsSchema, response: { 200: response } };
  return (body ? { ...schema, body } : schema) as typeof schema & { body: Body };
}

/** The service input of a route on one of the caller's bookings, as `party`. */
export function mine(party: BookingParty, request: { actor: Actor; language: Language; params: { id: string } }) {
  return { actor: request.actor, party, language: request.language, bookingId: request.params.id };
}

/**
 * The guards of a client's route that starts or places bookings (POST /booking,
 * /booking/{id}/schedule, /booking/series): one count per client across the three under the
 * hold-creation limit, so holds cannot be churned by a script.
 */
export function startsHolds(app: FastifyInstance) {
  return { onRequest: client, preHandler: rateLimit(app, [{ name: 'holdCreationPerUser', keyOf: byUser }]) };
}
