import type { Job } from '../../platform/jobs.ts';
import { sendDueMeasures } from './send-forms.ts';

/**
 * The background work of forms, for startJobs in server.ts: measures due before a session go out
 * when it comes within the lead time. A form sent twice is refused by the database (one open
 * form per assignment and client), so several processes may run it at once.
 */
export const formJobs: Job[] = [
  {
    name: 'forms-due-measures',
    intervalMs: 15 * 60_000,
    run: (deps) => sendDueMeasures(deps),
  },
];
