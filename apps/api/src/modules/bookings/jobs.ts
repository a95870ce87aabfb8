import { sql } from 'drizzle-orm';
import { backlogOf, type Job } from '../../platform/jobs.ts';
import { expireHolds } from './expire-holds.ts';
import { BOOKING_NOTIFICATIONS_JOB, deliverBookingNotifications } from './notifications.ts';

/** The background work of bookings, for startJobs(deps, bookingJobs) in server.ts. */
export const bookingJobs: Job[] = [
  {
    name: 'expire-booking-holds',
    intervalMs: 30_000,
    run: async (deps) => {
      const { expired } = await expireHolds(deps);
      if (expired) deps.events.outcome({ kind: 'booking', outcome: 'expired', count: expired });
    },
  },
  {
    name: BOOKING_NOTIFICATIONS_JOB,
    intervalMs: 30_000,
    run: (deps) => deliverBookingNotifications(deps),
    outbox: 'booking-events',
    // The outbox's own partial index (booking_events_unsent_idx).
    backlog: (deps) =>
      backlogOf(
        deps.db,
        sql`SELECT count(*)::int AS depth, min(created_at) AS oldest FROM booking_events
            WHERE notify_user_id IS NOT NULL AND notified_at IS NULL`,
      ),
  },
];
