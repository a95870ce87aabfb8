/**
 * Web benchmark: anonymous public pages rendered by the server (home, directory, a provider's
 * page, in English and German) and the liveness probe, each beside a bare node:http hello-world
 * measured right before and right after it (this machine's speed can swing by 2× within a minute:
 * a run is compared with the mean of the two hello-world runs on either side).
 *
 *   npm run build && npx tsx bench/web.ts            (npm run bench:web)
 *
 * The app is the production one (`npm start`'s): the built web app mounted in the same Fastify,
 * on a fresh PostgreSQL database (created, migrated and seeded with the demo data, dropped at the
 * end), logging every request as production does (to /dev/null here; BENCH_LOG=off to skip it).
 * Requests carry a browser's Accept and Accept-Encoding headers, so what is measured is what a
 * browser would get. Goals: every page ≥ 5% of the hello-world's requests per second at 10
 * concurrent connections with p99 ≤ 50 ms; `/api/health` ≥ 50% of the hello-world, measured in
 * three rounds (BENCH_HEALTH_ROUNDS), the median round's ratio deciding.
 * BENCH_ONLY=health measures the probe alone (no pages), BENCH_ONLY=<words> only the pages whose
 * name contains them (`directory`, `home (de)`) and the probe; BENCH_PROFILE=<dir> records a CPU
 * profile of each measured run (health.cpuprofile, directory-de.cpuprofile, …). BENCH_PORT=<n>
 * puts the app on port n and the hello-world on n + 1 (default: any free ports).
 */
import './production-env.ts';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { REDACT } from '../apps/api/src/platform/logger.ts';
import { rawRows } from '../apps/api/src/platform/prepared.ts';
import { createLocalPrivateStorage } from '../apps/api/src/platform/uploads/private-storage.ts';
import { seedDatabase } from '../apps/api/src/scripts/seed/index.ts';
import { registerBuiltWeb, trailingSlashRedirect } from '../apps/api/src/web/web-plugin.ts';
import { fmt, helloWorld, type LoadOptions, type LoadResult, load, mainThreadCpuMs } from './http.ts';
import { recordRun } from './record.ts';
import { admin, benchDeps, medianRound, profiled, urlFor } from './support.ts';

const PAGE_GOAL_RATIO = 0.05;
const PAGE_GOAL_P99_MS = 50;
const HEALTH_GOAL_RATIO = 0.5;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 10;
const HEALTH_ROUNDS = Number(process.env.BENCH_HEALTH_ROUNDS ?? 3);
const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'en-GB,en;q=0.9',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
};

const dbName = `bench_web_${process.pid}`;
const PORT = Number(process.env.BENCH_PORT ?? 0);

/** A file name for a page's profile: `directory (de)` → `directory-de`. */
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A load run with the server's CPU per answer (its main thread's, beside the load generator's thread). */
async function measure(options: LoadOptions): Promise<LoadResult & { serverMs?: number }> {
  const before = mainThreadCpuMs();
  const result = await load(options);
  const after = mainThreadCpuMs();
  return before === undefined || after === undefined
    ? result
    : { ...result, serverMs: (after - before) / Math.max(result.requests.total, 1) };
}

function line(
  name: string,
  result: LoadResult & { serverMs?: number },
  bare: number,
  goal: string,
  met: boolean,
): string {
  const kb = result.throughput.average / result.requests.average / 1024;
  const cpu = result.serverMs === undefined ? '' : `  ${result.serverMs.toFixed(3)} ms CPU/answer`;
  return `${name.padEnd(34)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${fmt(result.latency.p50)} ms  p99 ${fmt(result.latency.p99)} ms  ${(
    (result.requests.average / bare) *
    100
  )
    .toFixed(1)
    .padStart(5)}% of bare  ${kb.toFixed(1).padStart(6)} KB/answer${cpu}  ${goal}: ${met ? 'met' : 'MISSED'}`;
}

async function main() {
  recordRun('web');
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  await admin((client) => client.query(`CREATE DATABASE ${dbName}`));
  const database = await openDatabase({ url: urlFor(dbName), poolSize: 10 });
  let app: FastifyInstance | undefined;
  const hello = await helloWorld(PORT > 0 ? PORT + 1 : 0);
  try {
    await database.migrate();
    await seedDatabase(database.db, {
      now: new Date(),
      demo: true,
      storage: createLocalPrivateStorage('node_modules/.cache/bench-data/private'),
    });
    await database.db.execute('ANALYZE');

    const deps = benchDeps(database, { DATA_DIR: 'node_modules/.cache/bench-data' });
    const log =
      process.env.BENCH_LOG === 'off'
        ? undefined
        : pino({ level: 'info', redact: REDACT }, pino.destination({ dest: '/dev/null', sync: false }));
    app = await buildApp({ ...deps, ...(log ? { log } : {}) }, log ? { loggerInstance: log } : {});
    trailingSlashRedirect(app);
    await registerBuiltWeb(app, app.deps);
    await app.listen({ port: PORT, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const [provider] = await rawRows<{ id: string }>(
      database.db,
      sql`SELECT id FROM users WHERE email = 'provider@demo.test'`,
    );
    if (!provider) throw new Error('demo provider missing');
    const pages = [
      ['home', '/'],
      ['home (de)', '/de/'],
      ['directory', '/providers/'],
      ['directory (de)', '/de/providers/'],
      ['provider page', `/providers/${provider.id}/`],
      ['provider page (de)', `/de/providers/${provider.id}/`],
    ] as Array<readonly [string, string]>;
    const only = process.env.BENCH_ONLY;
    if (only === 'health') pages.length = 0;
    else if (only) pages.splice(0, pages.length, ...pages.filter(([name]) => name.includes(only)));
    for (const [name, path] of pages) {
      const check = await fetch(`${base}${path}`, { headers: BROWSER_HEADERS });
      const body = await check.text();
      if (check.status !== 200 || !body.includes('</html>')) throw new Error(`${name}: ${check.status}`);
      await load({ url: `${base}${path}`, headers: BROWSER_HEADERS, connections: 2, duration: 1 }); // warm-up
    }
    const health = await fetch(`${base}/api/health`);
    if (health.status !== 200) throw new Error(`/api/health: ${health.status}`);

    await load({ url: hello.url, connections: CONNECTIONS, duration: 2 }); // warm-up
    const bareRuns = [await load({ url: hello.url, connections: CONNECTIONS, duration: DURATION_S })];
    /** The hello-world again after a run, and the mean of it and the one before: that run's yardstick. */
    const bareBeside = async () => {
      bareRuns.push(await load({ url: hello.url, connections: CONNECTIONS, duration: DURATION_S }));
      return ((bareRuns.at(-2)?.requests.average ?? 0) + (bareRuns.at(-1)?.requests.average ?? 0)) / 2;
    };
    console.log(`\nNode ${process.version}; ${DURATION_S} s per run, ${CONNECTIONS} connections`);
    console.log('each run beside the mean of the bare node:http hello-world runs right before and after it\n');
    let pass = true;
    for (const [name, path] of pages) {
      const result = await profiled(slug(name), () =>
        measure({ url: `${base}${path}`, headers: BROWSER_HEADERS, connections: CONNECTIONS, duration: DURATION_S }),
      );
      const bare = await bareBeside();
      const met =
        result.requests.average >= PAGE_GOAL_RATIO * bare &&
        result.latency.p99 <= PAGE_GOAL_P99_MS &&
        result.errors + result.non2xx === 0;
      pass &&= met;
      console.log(
        line(
          `${name} ${path.length > 14 ? `${path.slice(0, 14)}…` : path}`,
          result,
          bare,
          `≥ ${PAGE_GOAL_RATIO * 100}%, p99 ≤ ${PAGE_GOAL_P99_MS} ms`,
          met,
        ),
      );
    }
    await load({ url: `${base}/api/health`, connections: CONNECTIONS, duration: 1 }); // warm-up
    const probes: Array<{ result: LoadResult & { serverMs?: number }; bare: number; ratio: number }> = [];
    for (let round = 1; round <= HEALTH_ROUNDS; round++) {
      const result = await profiled(round === 1 ? 'health' : `health-${round}`, () =>
        measure({ url: `${base}/api/health`, connections: CONNECTIONS, duration: DURATION_S }),
      );
      const bare = await bareBeside();
      const ratio = result.requests.average / bare;
      probes.push({ result, bare, ratio });
      const met = ratio >= HEALTH_GOAL_RATIO && result.errors + result.non2xx === 0;
      console.log(line(`GET /api/health, round ${round}`, result, bare, `≥ ${HEALTH_GOAL_RATIO * 100}%`, met));
    }
    if (probes.length > 0) {
      const median = medianRound(probes);
      const liveMet =
        median.ratio >= HEALTH_GOAL_RATIO && probes.every(({ result }) => result.errors + result.non2xx === 0);
      pass &&= liveMet;
      console.log(
        line('GET /api/health, median round', median.result, median.bare, `≥ ${HEALTH_GOAL_RATIO * 100}%`, liveMet),
      );
    }
    console.log(
      `bare node:http hello-world runs   ${bareRuns.map((run) => run.requests.average.toFixed(0)).join(', ')} req/s`,
    );
    console.log(`\n${pass ? 'all goals met' : 'some goals MISSED'}`);
    process.exitCode = pass ? 0 : 1;
  } finally {
    await hello.close();
    if (app) await app.close();
    await database.close();
    await admin((client) => client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
