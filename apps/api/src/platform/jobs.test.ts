import { describe, expect, it, vi } from 'vitest';
import type { AppDeps } from './deps.ts';
import { createJobWaker, startJobs, WAKE_DELAY_MS } from './jobs.ts';

const deps = {} as AppDeps;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// Runs are waited for, not slept on: a loaded machine may hold the timers back well past the interval.
const soon = { timeout: 5_000, interval: 5 };

describe('startJobs', () => {
  it('runs a job on its interval and never overlaps a slow run with the next', async () => {
    let running = 0;
    let maxRunning = 0;
    let runs = 0;
    const jobs = startJobs(deps, [
      {
        name: 'slow',
        intervalMs: 5,
        run: async () => {
          running++;
          maxRunning = Math.max(maxRunning, running);
          await sleep(30);
          running--;
          runs++;
        },
      },
    ]);
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(2), soon);
    await jobs.stop();
    expect(maxRunning).toBe(1);
  });

  it('keeps running after a failure and reports it', async () => {
    const errors: string[] = [];
    let calls = 0;
    const jobs = startJobs(
      deps,
      [
        {
          name: 'flaky',
          intervalMs: 5,
          run: async () => {
            calls++;
            if (calls === 1) throw new Error('boom');
          },
        },
      ],
      { onError: (job, error) => errors.push(`${job.name}: ${(error as Error).message}`), runAtStart: true },
    );
    await vi.waitFor(() => expect(calls).toBeGreaterThan(1), soon);
    await jobs.stop();
    expect(errors).toEqual(['flaky: boom']);
  });

  it('stop() waits for the run in progress and schedules nothing more', async () => {
    let finished = 0;
    let started = 0;
    const jobs = startJobs(
      deps,
      [
        {
          name: 'long',
          intervalMs: 1,
          run: async () => {
            started++;
            await sleep(40);
            finished++;
          },
        },
      ],
      { runAtStart: true },
    );
    await sleep(10);
    await jobs.stop();
    expect(finished).toBe(started);
    const after = started;
    await sleep(30);
    expect(started).toBe(after);
  });

  it('runs a woken job soon, once for the wakes of one moment, again after a wake during its run', async () => {
    const waker = createJobWaker();
    waker.wake('outbox'); // before the jobs start: nothing to wake, nothing breaks
    let runs = 0;
    let release: () => void = () => {};
    const jobs = startJobs(
      deps,
      [
        {
          name: 'outbox',
          intervalMs: 60_000,
          run: async () => {
            runs++;
            if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
          },
        },
      ],
      { waker },
    );
    await sleep(WAKE_DELAY_MS * 2);
    expect(runs).toBe(0); // the interval is a minute away
    for (let i = 0; i < 5; i++) waker.wake('outbox');
    waker.wake('unknown job');
    await vi.waitFor(() => expect(runs).toBe(1), soon);
    await sleep(WAKE_DELAY_MS * 2);
    expect(runs).toBe(1); // five wakes, one run (still going)
    waker.wake('outbox');
    waker.wake('outbox');
    release();
    await vi.waitFor(() => expect(runs).toBe(2), soon); // the wakes during the run: one more run right after it
    await sleep(WAKE_DELAY_MS * 2);
    expect(runs).toBe(2);
    await jobs.stop();
    waker.wake('outbox'); // after stop: disconnected
    await sleep(WAKE_DELAY_MS * 2);
    expect(runs).toBe(2);
  });
});
