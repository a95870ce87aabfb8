/**
 * Cost as the data grows: two databases on the local PostgreSQL, built with its bulk tools
 * (bench/scale/build.ts and the SQL beside it), and the same measurements on both in one run.
 *
 *   npm run bench:scale -- [--size small|large|both|tiny] [--reuse] [--build-only]
 *
 * small: 1,000 providers, 20,000 clients, 100,000 bookings; large: 100,000 providers (20,000
 * listed across NG, GB, US, DE), 1,000,000 clients, 5,000,000 bookings over two years, their ledger,
 * 10,000,000 messages, 1,000,000 sealed notes, notifications, reminders and audit entries. --reuse
 * keeps a database that carries the marker of this generator's version (bench_scale.marker).
 * Each path is loaded at 10 concurrent over HTTP (p50/p99); the booking journey over HTTP, then
 * through the services as bench:bookings calls them, each beside pgbench -N; the reminders job
 * over one day's sessions. BENCH_EXPLAIN=1 prints EXPLAIN (ANALYZE,
 * BUFFERS) of every statement of each path and flags a sequential scan over a large table.
 * Goals: every p99 at the large size ≤ 2× its small figure and ≤ 50 ms; the journey ≥ 15% of
 * pgbench -N at both sizes. Exits 1 when a goal is missed. BENCH_ONLY=text measures only the paths
 * whose label holds it (no journey, no reminders); BENCH_ONLY=journey or =reminders only that
 * part. BENCH_PROFILE=<dir> records a CPU profile of the server under each path's load
 * and of each size's journey.
 */
import { availableParallelism, loadavg } from 'node:os';
import { recordRun } from './record.ts';
import { type Built, buildDatabase, type ScaleSize, SIZES } from './scale/build.ts';
import { measureSize, preparePgbench, type SizeFigures } from './scale/measure.ts';
import { dropDatabases } from './support.ts';

const GOAL_P99_MS = 50;
const GOAL_GROWTH = 2;
const GOAL_JOURNEY_RATIO = 0.15;

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function sizesAsked(): ScaleSize[] {
  const asked = argument('size') ?? 'both';
  const names = asked === 'both' ? ['small', 'large'] : [asked];
  return names.map((name) => {
    const size = SIZES[name];
    if (!size) throw new Error(`--size ${asked}: small, large, both or tiny`);
    return size;
  });
}

const cell = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(1));

function printTable(results: SizeFigures[]): boolean {
  const [small, large] = results;
  let met = true;
  console.log(
    `\n${'path'.padEnd(46)} ${'small p50/p99'.padStart(15)} ${'large p50/p99'.padStart(15)} ${'ratio'.padStart(6)}  goal`,
  );
  for (const figure of small?.paths ?? []) {
    const big = large?.paths.find((other) => other.path === figure.path);
    const ratio = big ? big.p99 / Math.max(figure.p99, 1) : undefined;
    const errors = figure.errors + (big?.errors ?? 0);
    const goal = big
      ? big.p99 <= GOAL_P99_MS && (ratio as number) <= GOAL_GROWTH && errors === 0
      : figure.p99 <= GOAL_P99_MS && errors === 0;
    met &&= goal;
    console.log(
      `${figure.path.padEnd(46)} ${`${cell(figure.p50)}/${cell(figure.p99)}`.padStart(15)} ${`${cell(big?.p50)}/${cell(big?.p99)}`.padStart(15)} ${(ratio === undefined ? '—' : ratio.toFixed(2)).padStart(6)}  ${goal ? 'met' : 'MISSED'}${errors ? ` (${errors} errors)` : ''}`,
    );
  }
  for (const { size, journeys } of results) {
    for (const journey of journeys ?? []) {
      const ratio = journey.perSecond / journey.pgbenchTps;
      const goal = ratio >= GOAL_JOURNEY_RATIO && journey.failed === 0;
      met &&= goal;
      console.log(
        `${`booking journey (${journey.via}), ${size}`.padEnd(46)} ${`${journey.perSecond.toFixed(0)}/s = ${(ratio * 100).toFixed(1)}% of ${journey.pgbenchTps.toFixed(0)} tps`.padStart(31)}  ${goal ? 'met' : 'MISSED'}${journey.failed ? ` (${journey.failed} failed)` : ''}`,
      );
    }
  }
  for (const { size, reminders } of results) {
    if (!reminders) continue;
    console.log(
      `${`reminders job, ${size}`.padEnd(46)} ${`${reminders.sessions} sessions in ${reminders.seconds.toFixed(1)} s (${((reminders.seconds * 1000) / Math.max(reminders.sessions, 1)).toFixed(2)} ms each)`.padStart(31)}`,
    );
  }
  const flagged = results.flatMap((result) => result.flagged);
  if (flagged.length > 0) console.log(`\nsequential scans over large tables:\n  ${[...new Set(flagged)].join('\n  ')}`);
  console.log(
    `\ngoals (p99 large ≤ ${GOAL_GROWTH}× small and ≤ ${GOAL_P99_MS} ms; journey ≥ ${GOAL_JOURNEY_RATIO * 100}% of pgbench -N): ${met ? 'met' : 'MISSED'}`,
  );
  return met;
}

async function main() {
  recordRun('scale');
  const sizes = sizesAsked();
  const reuse = process.argv.includes('--reuse');
  const built = new Map<string, Built>();
  for (const size of sizes) built.set(size.name, await buildDatabase(size, { reuse }));
  // --build-only: build now, measure later with --reuse (the large build takes a while).
  if (process.argv.includes('--build-only')) return;
  console.log(`\nmeasuring at load ${(loadavg()[0] ?? 0).toFixed(1)} on ${availableParallelism()} cores ...`);
  await preparePgbench();
  const results: SizeFigures[] = [];
  try {
    for (const size of sizes) {
      console.log(`${size.name}: measuring (load ${(loadavg()[0] ?? 0).toFixed(1)})`);
      results.push(await measureSize(size, built.get(size.name) as Built));
    }
  } finally {
    await dropDatabases('bench_scale_pgbench');
  }
  for (const size of sizes) {
    const info = built.get(size.name) as Built;
    console.log(`${size.name}: ${info.reused ? 'reused' : 'built'} (build ${info.buildSeconds.toFixed(0)} s)`);
  }
  if (!printTable(results)) process.exitCode = 1;
}

await main();
