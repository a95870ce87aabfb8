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
 *
 * The runs above ask for one URL per page, so nearly every answer is a page-cache hit. The
 * uncached runs ask for a distinct URL each time (a query parameter no page reads, while the page
 * cache keys on the whole URL; checked before measuring: the page rendered with it is the page
 * without it, but for the directory echoing its query string back), as a marketplace's many provider pages, filters, searches and crawlers do. Their
 * goals: ≤ 3 ms of the server's CPU per answer, p99 ≤ 50 ms, ≥ 3% of the hello-world. Each
 * uncached line also says how many queries one render sends to PostgreSQL (its round trips), and
 * how many minor page faults the server's thread took per answer: memory the kernel maps in, which
 * on a virtual machine can cost tens of microseconds a page.
 *
 * BENCH_ONLY=health measures the probe alone (no pages), BENCH_ONLY=<words> only the pages whose
 * name contains them (`directory`, `home (de)`, `uncached`) and the probe; BENCH_PROFILE=<dir>
 * records a CPU profile of each measured run (health.cpuprofile, directory-de.cpuprofile,
 * directory-de-uncached.cpuprofile, …). BENCH_PORT=<n> puts the app on port n and the hello-world
 * on n + 1 (default: any free ports).
 */
import './production-env.ts';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { REDACT } from '../apps/api/src/platform/logger.ts';
import { rawRows } from '../apps/api/src/platform/prepared.ts';
import { createLocalPrivateStorage } from '../apps/api/src/platform/uploads/private-storage.ts';
import { seedDatabase } from '../apps/api/src/scripts/seed/index.ts';
import { registerBuiltWeb, trailingSlashRedirect } from '../apps/api/src/web/web-plugin.ts';
import { fmt, helloWorld, type LoadResult, load, measureLoad } from './http.ts';
import { recordRun } from './record.ts';
import { admin, benchDeps, medianRound, profiled, urlFor } from './support.ts';

const PAGE_GOAL_RATIO = 0.05;
const PAGE_GOAL_P99_MS = 50;
const HEALTH_GOAL_RATIO = 0.5;
const UNCACHED_GOAL_RATIO = 0.03;
const UNCACHED_GOAL_CPU_MS = 3;
/** Appended to an uncached run's URLs: autocannon puts a fresh id in place of `[<id>]` per request. */
const UNIQUE_PARAM = 'bench';
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

/** Queries sent to PostgreSQL by this process (every pooled connection is a pg.Client). */
let queriesSent = 0;
const sendQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  queriesSent += 1;
  return (sendQuery as (...args: unknown[]) => unknown).apply(this, args);
} as typeof sendQuery;

/** The path with the query parameter no page reads, set to `value`. */
const withUnique = (path: string, value: string) => `${path}${path.includes('?') ? '&' : '?'}${UNIQUE_PARAM}=${value}`;

/** The parameter as the directory echoes its query string back (its form's action, its data). */
const ECHO = new RegExp(String.raw`(?:[?&]|&amp;|\\u0026)${UNIQUE_PARAM}=check`, 'g');

/** A page's HTML with its per-response CSP nonce blanked, for comparing two answers. */
const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

/** A file name for a page's profile: `directory (de)` → `directory-de`. */
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function line(
  name: string,
  result: LoadResult & { serverMs?: number; serverFaults?: number },
  bare: number,
  goal: string,
  met: boolean,
  note = '',
): string {
  const kb = result.throughput.average / result.requests.average / 1024;
  const cpu = result.serverMs === undefined ? '' : `  ${result.serverMs.toFixed(3)} ms CPU/answer`;
  // Memory the kernel maps in for the server's thread: costly on a virtual machine, where each fault exits to the host.
  const faults = result.serverFaults === undefined ? '' : `  ${result.serverFaults.toFixed(1)} faults/answer`;
  return `${name.padEnd(44)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${fmt(result.latency.p50)} ms  p99 ${fmt(result.latency.p99)} ms  ${(
    (result.requests.average / bare) *
    100
  )
    .toFixed(1)
    .padStart(
      5,
    )}% of bare  ${kb.toFixed(1).padStart(6)} KB/answer${cpu}${faults}${note}  ${goal}: ${met ? 'met' : 'MISSED'}`;
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
    // The page's own address, `<id>-<slug>/` (the id alone is sent on there with a 301).
    const providerPath = new URL((await fetch(`${base}/providers/${provider.id}/`, { headers: BROWSER_HEADERS })).url)
      .pathname;
    const pages = [
      ['home', '/'],
      ['home (de)', '/de/'],
      ['directory', '/providers/'],
      ['directory (de)', '/de/providers/'],
      ['provider page', providerPath],
      ['provider page (de)', `/de${providerPath}`],
    ] as Array<readonly [string, string]>;
    const uncached = [
      ['home, uncached', '/'],
      ['home (de), uncached', '/de/'],
      ['directory, uncached', '/providers/'],
      ['directory (de), uncached', '/de/providers/'],
      ['directory filtered, uncached', '/providers/?modality=video-session'],
      ['directory filtered (de), uncached', '/de/providers/?modality=video-session'],
      ['directory search, uncached', '/providers/?q=anxiety'],
      ['directory search (de), uncached', '/de/providers/?q=anxiety'],
      ['provider page, uncached', providerPath],
      ['provider page (de), uncached', `/de${providerPath}`],
    ] as Array<readonly [string, string]>;
    const only = process.env.BENCH_ONLY;
    for (const list of [pages, uncached]) {
      if (only === 'health') list.length = 0;
      else if (only) list.splice(0, list.length, ...list.filter(([name]) => name.includes(only)));
    }
    for (const [name, path] of pages) {
      const check = await fetch(`${base}${path}`, { headers: BROWSER_HEADERS });
      const body = await check.text();
      if (check.status !== 200 || !body.includes('</html>')) throw new Error(`${name}: ${check.status}`);
      await load({ url: `${base}${path}`, headers: BROWSER_HEADERS, connections: 2, duration: 1 }); // warm-up
    }
    /** Round trips to PostgreSQL of one uncached render of each page (the shell's lookups cached, as between most renders). */
    const roundTrips = new Map<string, number>();
    for (const [name, path] of uncached) {
      const plain = await fetch(`${base}${path}`, { headers: BROWSER_HEADERS });
      const before = queriesSent;
      const marked = await fetch(`${base}${withUnique(path, 'check')}`, { headers: BROWSER_HEADERS });
      roundTrips.set(name, queriesSent - before);
      const plainHtml = withoutNonce(await plain.text());
      const markedHtml = withoutNonce(await marked.text()).replace(ECHO, '');
      if (marked.status !== 200 || markedHtml !== plainHtml) {
        throw new Error(`${name}: ?${UNIQUE_PARAM}= changes the page (${marked.status}) beyond echoing the query`);
      }
      await load({
        url: `${base}${withUnique(path, '[<id>]')}`,
        idReplacement: true,
        headers: BROWSER_HEADERS,
        connections: 2,
        duration: 1,
      }); // warm-up
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
        measureLoad({
          url: `${base}${path}`,
          headers: BROWSER_HEADERS,
          connections: CONNECTIONS,
          duration: DURATION_S,
        }),
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
    for (const [name, path] of uncached) {
      const result = await profiled(slug(name), () =>
        measureLoad({
          url: `${base}${withUnique(path, '[<id>]')}`,
          idReplacement: true,
          headers: BROWSER_HEADERS,
          connections: CONNECTIONS,
          duration: DURATION_S,
        }),
      );
      const bare = await bareBeside();
      const met =
        result.requests.average >= UNCACHED_GOAL_RATIO * bare &&
        result.latency.p99 <= PAGE_GOAL_P99_MS &&
        result.serverMs !== undefined &&
        result.serverMs <= UNCACHED_GOAL_CPU_MS &&
        result.errors + result.non2xx === 0;
      pass &&= met;
      console.log(
        line(
          name,
          result,
          bare,
          `≤ ${UNCACHED_GOAL_CPU_MS} ms CPU, ≥ ${UNCACHED_GOAL_RATIO * 100}%, p99 ≤ ${PAGE_GOAL_P99_MS} ms`,
          met,
          `  ${String(roundTrips.get(name)).padStart(2)} queries`,
        ),
      );
    }
    await load({ url: `${base}/api/health`, connections: CONNECTIONS, duration: 1 }); // warm-up
    const probes: Array<{ result: LoadResult & { serverMs?: number }; bare: number; ratio: number }> = [];
    for (let round = 1; round <= HEALTH_ROUNDS; round++) {
      const result = await profiled(round === 1 ? 'health' : `health-${round}`, () =>
        measureLoad({ url: `${base}/api/health`, connections: CONNECTIONS, duration: DURATION_S }),
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
