import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appointmentRoutes } from './routes/appointments.ts';
import { bookingResourceRoutes } from './routes/bookings.ts';
import { participantRoutes } from './routes/participants.ts';
import { policyRoutes } from './routes/policies.ts';
import { rescheduleRoutes } from './routes/reschedules.ts';
import { seriesRoutes } from './routes/series.ts';

/**
 * Bookings (client, /booking…), appointments (provider, /appointment…), series, reschedules,
 * participants and policies (SPEC.md §7 "Appointments and bookings"), one file per resource
 * under routes/. Every {id} is a booking of the caller's: anyone else's answers 404; the other
 * role's routes answer 403. The public provider directory, the session room (modules/sessions)
 * and telling people about a booking (emails, sharing, the calendar file: modules/notifications)
 * are modules of their own.
 */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(bookingResourceRoutes);
  await app.register(appointmentRoutes);
  await app.register(seriesRoutes);
  await app.register(rescheduleRoutes);
  await app.register(participantRoutes);
  await app.register(policyRoutes);
};
