import type { Job } from '../../platform/jobs.ts';
import { completeSessions } from './complete-sessions.ts';

/** The background work of sessions, for startJobs(deps, sessionJobs) in server.ts. */
export const sessionJobs: Job[] = [
  {
    name: 'complete-booking-sessions',
    intervalMs: 60_000,
    run: async (deps) => {
      const { completed } = await completeSessions(deps);
      if (completed) deps.events.outcome({ kind: 'booking', outcome: 'completed', count: completed });
    },
  },
];
