import type { Job } from '../../platform/jobs.ts';
import { processWaitlist, WAITLIST_JOB } from './offers.ts';

/**
 * The background work of the waitlist, for startJobs in server.ts: offers opened slots (woken
 * by the slotsOpened reaction), passes claims that ran out to the next person waiting and ends
 * entries past their date. Several processes may run it at once (openings are taken with SKIP
 * LOCKED, offers for one provider take turns under its lock).
 */
export const waitlistJobs: Job[] = [
  {
    name: WAITLIST_JOB,
    intervalMs: 30_000,
    run: (deps) => processWaitlist(deps),
  },
];
