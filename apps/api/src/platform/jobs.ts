import type { SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import type { AppDeps, JobWaker } from './deps.ts';
import { rawRows } from './prepared.ts';
import type { JobBacklog, ObservedJob } from './telemetry.ts';

export type { JobBacklog };

/** A piece of background work run every `intervalMs` (payment reconciliation, purges ...). */
export interface Job extends ObservedJob {
  intervalMs: number;
  run(deps: AppDeps): Promise<unknown>;
  /**
   * What waits for this job (its queue depth, and since when the oldest item has been due), read
   * when metrics are collected; one indexed count. Jobs without a queue (purges) have none.
   */
  backlog?(deps: AppDeps): Promise<JobBacklog>;
}

/**
 * A job's backlog from one statement answering `depth` (a count) and `oldest` (when the oldest
 * waiting item became due, or null).
 */
export async function backlogOf(db: Tx, query: SQL): Promise<JobBacklog> {
  const [row] = await rawRows<{ depth: number | string; oldest: Date | string | null }>(db, query);
  return { depth: Number(row?.depth ?? 0), oldestDueAt: row?.oldest ? new Date(row.oldest) : null };
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
  /** Told of every run: how long it took and whether it failed (metrics). */
  onRun?: (job: Job, seconds: number, failed: boolean) => void;
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
        const started = performance.now();
        let failed = false;
        try {
          await job.run(deps);
        } catch (error) {
          failed = true;
          onError(job, error);
        }
        options.onRun?.(job, (performance.now() - started) / 1000, failed);
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
