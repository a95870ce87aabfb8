import type { Job } from '../../platform/jobs.ts';
import { completeSessions } from './complete-sessions.ts';
import { expireHolds } from './expire-holds.ts';
import { BOOKING_NOTIFICATIONS_JOB, deliverBookingNotifications } from './notifications.ts';

/** The background work of bookings, for startJobs(deps, bookingJobs) in server.ts. */
export const bookingJobs: Job[] = [
  { name: 'expire-booking-holds', intervalMs: 30_000, run: (deps) => expireHolds(deps) },
  { name: 'complete-booking-sessions', intervalMs: 60_000, run: (deps) => completeSessions(deps) },
  { name: BOOKING_NOTIFICATIONS_JOB, intervalMs: 30_000, run: (deps) => deliverBookingNotifications(deps) },
];
