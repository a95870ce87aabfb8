import type { Job } from '../../platform/jobs.ts';
import { expireHolds } from './expire-holds.ts';

/**
 * The background work of bookings, for startJobs(deps, bookingJobs) in server.ts. The outbox's
 * emails are sent by the notifications module's job, sessions are completed by the sessions module's.
 */
export const bookingJobs: Job[] = [
  {
    name: 'expire-booking-holds',
    intervalMs: 30_000,
    run: async (deps) => {
      const { expired } = await expireHolds(deps);
      if (expired) deps.events.outcome({ kind: 'booking', outcome: 'expired', count: expired });
    },
  },
];
