import type { Job } from '../../platform/jobs.ts';
import { purgePastBusyTimes, SYNC_JOB_NAME, syncDueCalendars } from './sync.ts';

/** The background work of calendar feeds, for startJobs(deps, calendarFeedJobs) in server.ts. */
export const calendarFeedJobs: Job[] = [
  {
    name: SYNC_JOB_NAME,
    // Each calendar is due every EXTERNAL_CALENDAR_REFRESH_MINUTES; a run each minute takes what is due.
    intervalMs: 60_000,
    run: async (deps) => {
      await syncDueCalendars(deps);
    },
  },
  {
    name: 'purge-external-busy-times',
    intervalMs: 6 * 60 * 60_000,
    run: (deps) => purgePastBusyTimes(deps),
  },
];
