import type { AppDeps } from './deps.ts';

/** A piece of background work run every `intervalMs` (payment reconciliation, purges ...). */
export interface Job {
  name: string;
  intervalMs: number;
  run(deps: AppDeps): Promise<unknown>;
}

/**
 * Asks a job to run soon instead of at its next interval: a request that left work in an outbox
 * (a booking's provider email) wakes the job that sends it, and answers without doing it itself.
 */
export interface JobWaker {
  wake(name: string): void;
}

/** How long a woken job waits: the wakes of that moment are handled by one run (one batch). */
export const WAKE_DELAY_MS = 50;

/**
 * The waker services hold (`deps.jobs`), made before the jobs start; startJobs connects it. Until
 * then, and where no jobs run (tests, benchmarks), a wake does nothing and the work waits for the
 * next run of its job.
 */
export function createJobWaker(): JobWaker & { connect(wake: ((name: string) => void) | undefined): void } {
  let target: ((name: string) => void) | undefined;
  return {
    wake: (name) => target?.(name),
    connect: (wake) => {
      target = wake;
    },
  };
}

export interface RunningJobs {
  /** Stops scheduling and waits for runs in progress to finish. */
  stop(): Promise<void>;
}

export interface StartJobsOptions {
  onError?: (job: Job, error: unknown) => void;
  /** Run each job once right away instead of after the first interval. */
  runAtStart?: boolean;
  /** Connected to these jobs until stop(): a wake runs the named job WAKE_DELAY_MS later. */
  waker?: ReturnType<typeof createJobWaker>;
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
  const timers = new Map<string, NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  /** Per job: a run in progress, and a wake that came meanwhile (it runs again right after). */
  const running = new Set<string>();
  const wokenWhileRunning = new Set<string>();
  const wakePending = new Set<string>();

  const schedule = (job: Job, delayMs: number) => {
    if (stopped) return;
    clearTimeout(timers.get(job.name));
    const timer = setTimeout(() => {
      timers.delete(job.name);
      wakePending.delete(job.name);
      running.add(job.name);
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
        running.delete(job.name);
        const again = wokenWhileRunning.delete(job.name);
        if (again) wakePending.add(job.name);
        schedule(job, again ? WAKE_DELAY_MS : job.intervalMs);
      });
    }, delayMs);
    timer.unref();
    timers.set(job.name, timer);
  };

  for (const job of jobs) schedule(job, options.runAtStart ? 0 : job.intervalMs);

  const byName = new Map(jobs.map((job) => [job.name, job]));
  options.waker?.connect((name) => {
    const job = byName.get(name);
    if (!job || stopped) return;
    if (running.has(name)) wokenWhileRunning.add(name);
    else if (!wakePending.has(name)) {
      wakePending.add(name);
      schedule(job, WAKE_DELAY_MS);
    }
  });

  return {
    async stop() {
      stopped = true;
      options.waker?.connect(undefined);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
}
