import type { AppDeps } from './deps.ts';

/** A piece of background work run every `intervalMs` (payment reconciliation, purges ...). */
export interface Job {
  name: string;
  intervalMs: number;
  run(deps: AppDeps): Promise<unknown>;
}

export interface RunningJobs {
  /** Stops scheduling and waits for runs in progress to finish. */
  stop(): Promise<void>;
}

export interface StartJobsOptions {
  onError?: (job: Job, error: unknown) => void;
  /** Run each job once right away instead of after the first interval. */
  runAtStart?: boolean;
}

/**
 * A tiny in-process scheduler. A run never overlaps the previous run of the same job (a slow
 * run delays the next one instead of stacking up). Jobs that several processes run at once
 * must claim their rows themselves (FOR UPDATE SKIP LOCKED), which ours do.
 */
export function startJobs(deps: AppDeps, jobs: readonly Job[], options: StartJobsOptions = {}): RunningJobs {
  const onError =
    options.onError ??
    ((job: Job, error: unknown) => deps.log.error({ err: error, job: job.name }, 'background job failed'));
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();

  const schedule = (job: Job, delayMs: number) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const run = (async () => {
        try {
          await job.run(deps);
        } catch (error) {
          onError(job, error);
        }
      })();
      inFlight.add(run);
      void run.finally(() => {
        inFlight.delete(run);
        schedule(job, job.intervalMs);
      });
    }, delayMs);
    timer.unref();
    timers.add(timer);
  };

  for (const job of jobs) schedule(job, options.runAtStart ? 0 : job.intervalMs);

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
}
