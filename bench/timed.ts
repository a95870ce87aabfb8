/**
 * Timed concurrent runs, for the benchmarks and for the booking journey's client thread (which
 * loads this alone, not the app): items handed out to a number of workers until a time is up.
 */
import { performance } from 'node:perf_hooks';

export interface TimedRun {
  done: number;
  elapsed: number;
  perSecond: number;
  /** This process's CPU time (user + system) per item. */
  cpuMsEach: number;
}

/**
 * Runs `step` over the items `next()` hands out, with `concurrency` workers at once, until
 * `durationS` seconds have passed or the items run out (`undefined`).
 */
export async function timed<T>(
  options: { concurrency: number; durationS: number },
  next: () => T | undefined,
  step: (item: T) => Promise<unknown>,
): Promise<TimedRun> {
  let done = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + options.durationS * 1000;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      for (let item = next(); item !== undefined && performance.now() < deadline; item = next()) {
        await step(item);
        done++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return { done, elapsed, perSecond: done / elapsed, cpuMsEach: (cpu.user + cpu.system) / 1000 / Math.max(done, 1) };
}

/**
 * `step` made to count its failures instead of ending a run (the first one's message is kept),
 * and a warm-up that walks some items one at a time, its failures not counted.
 */
export function tolerant<T>(step: (item: T) => Promise<unknown>) {
  const failures = { count: 0, first: undefined as string | undefined };
  const attempt = (item: T) =>
    step(item).then(
      () => undefined,
      (error: unknown) => {
        failures.count++;
        failures.first ??= String(error);
      },
    );
  const warmUp = async (items: readonly T[]) => {
    for (const item of items) await attempt(item);
    failures.count = 0;
  };
  return { attempt, warmUp, failures };
}
