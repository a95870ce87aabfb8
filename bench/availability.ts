import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { addMonths, zonedDate } from '@app/shared/slots';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import {
  authSessions,
  availabilitySettings,
  availabilityTimeOff,
  availabilityWeeklyDays,
  bookings,
  providerProfiles,
  users,
} from '../apps/api/src/db/schema/index.ts';
import type { AppDeps } from '../apps/api/src/platform/deps.ts';
import { signAccessToken } from '../apps/api/src/platform/tokens.ts';
import { seedReferenceData } from '../apps/api/src/scripts/seed/reference.ts';
import { recordRun } from './record.ts';
import { admin, benchDeps, profiled, urlFor } from './support.ts';

const GOAL_P50_MS = 15;
const GOAL_P99_MS = 100;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const OTHER_PROVIDERS = 20;
const DAY_MS = 86_400_000;

const dbName = `bench_availability_${process.pid}`;

/** The part of autocannon's API used here (the package ships no types). */
interface BenchOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  workers?: number;
}
interface BenchResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: BenchOptions,
  done: (error: Error | null, result: BenchResult) => void,
) => unknown;

/** The load generator runs in a worker thread, so it does not share the server's event loop. */
function run(options: BenchOptions): Promise<BenchResult> {
  return new Promise((resolve, reject) => {
    autocannon({ ...options, workers: 1 }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function seed(db: AppDeps['db']) {
  await seedReferenceData(db);
  const now = Date.now();
  const people = await db
    .insert(users)
    .values([
      { email: 'bench-client@bench.test', role: 'client' as const, timezone: 'Africa/Lagos' },
      ...Array.from({ length: OTHER_PROVIDERS + 1 }, (_, index) => ({
        email: `bench-provider-${index}@bench.test`,
        role: 'provider' as const,
        timezone: 'Africa/Lagos',
      })),
    ])
    .returning({ id: users.id, role: users.role });
  const clientId = people[0]?.id as string;
  const providerIds = people.slice(1).map((person) => person.id);
  await db
    .insert(providerProfiles)
    .values(providerIds.map((userId) => ({ userId, verificationStatus: 'approved' as const, approvedAt: new Date() })));
  // Listed providers hold a current insurance (the listing rule).
  await db.execute(
    sql`INSERT INTO indemnity_insurances (provider_id, storage_key, filename, content_type, size_bytes, expires_on) SELECT user_id, 'bench/insurance/' || user_id || '.pdf', 'insurance.pdf', 'application/pdf', 1024, (now() + interval '1 year')::date FROM provider_profiles`,
  );
  // Every booking rule on (docs/decisions/availability-booking-rules.md), so the month pays for them.
  await db.insert(availabilitySettings).values(
    providerIds.map((providerId) => ({
      providerId,
      sessionMinutes: 60,
      minNoticeHours: 12,
      horizonDays: 60,
      bufferBeforeMinutes: 15,
      bufferAfterMinutes: 10,
      dailyMax: 6,
      weeklyMax: 25,
    })),
  );
  // Time off: a week's holiday in a fortnight, and an afternoon in each of the next weeks.
  await db.insert(availabilityTimeOff).values(
    providerIds.flatMap((providerId) => [
      { providerId, startsAt: new Date(now + 14 * DAY_MS), endsAt: new Date(now + 21 * DAY_MS), note: 'Holiday' },
      ...[3, 10, 24, 31].map((days) => ({
        providerId,
        startsAt: new Date(now + days * DAY_MS),
        endsAt: new Date(now + days * DAY_MS + 4 * 3_600_000),
      })),
    ]),
  );
  await db.insert(availabilityWeeklyDays).values(
    providerIds.flatMap((providerId) =>
      [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({
        providerId,
        dayOfWeek,
        isAvailable: dayOfWeek <= 5,
        intervals: dayOfWeek <= 5 ? [{ startTime: '09:00', endTime: '17:00' }] : [],
      })),
    ),
  );

  // A year of bookings (six months back, six ahead): four sessions every weekday per provider.
  const rows: Array<typeof bookings.$inferInsert> = [];
  const firstDay = Math.floor((now - 182 * DAY_MS) / DAY_MS) * DAY_MS;
  for (const providerId of providerIds) {
    for (let day = firstDay; day < now + 183 * DAY_MS; day += DAY_MS) {
      const weekday = new Date(day).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      for (const hourUtc of [8, 10, 12, 14]) {
        const startsAt = new Date(day + hourUtc * 3_600_000);
        const past = startsAt.getTime() < now;
        const pending = !past && hourUtc === 14;
        rows.push({
          clientId,
          providerId,
          status: past ? 'completed' : pending ? 'pending' : 'confirmed',
          startsAt,
          endsAt: new Date(startsAt.getTime() + 3_600_000),
          holdExpiresAt: pending ? new Date(now + 15 * 60_000) : null,
          priceMinor: 500_000,
        });
      }
    }
  }
  for (let index = 0; index < rows.length; index += 2000) {
    await db.insert(bookings).values(rows.slice(index, index + 2000));
  }
  return { clientId, providerId: providerIds[0] as string, bookingCount: rows.length };
}

async function helloWorld(): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"hello":"world"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

function fmt(value: number): string {
  return value.toFixed(1).padStart(7);
}

async function main() {
  recordRun('availability');
  await admin((client) => client.query(`CREATE DATABASE ${dbName}`));
  const database = await openDatabase({ url: urlFor(dbName), poolSize: 10 });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let hello: http.Server | undefined;
  try {
    await database.migrate();
    const started = Date.now();
    const { providerId, bookingCount } = await seed(database.db);
    await database.db.execute('ANALYZE');
    console.log(`seeded ${bookingCount} bookings for ${OTHER_PROVIDERS + 1} providers in ${Date.now() - started} ms`);

    const deps = benchDeps(database, { DATA_DIR: 'node_modules/.cache/bench-data' });
    app = await buildApp(deps);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const [session] = await database.db
      .insert(authSessions)
      .values({ userId: providerId, expiresAt: new Date(Date.now() + DAY_MS) })
      .returning({ id: authSessions.id });
    const token = await signAccessToken(
      { secret: deps.config.APP_SECRET, ttlSeconds: 3600, now: new Date() },
      { userId: providerId, role: 'provider', sessionId: session?.id as string },
    );

    const nextMonth = addMonths(zonedDate(Date.now(), 'Africa/Lagos').slice(0, 7), 1);
    const targets: Array<{ name: string; url: string; headers: Record<string, string> }> = [
      {
        name: `public month summary  GET /api/providers-availability/:id/month/${nextMonth}`,
        url: `${base}/api/providers-availability/${providerId}/month/${nextMonth}?timezone=America/New_York`,
        headers: {},
      },
      {
        name: `provider's own month  GET /api/provider-availability/timeslot/${nextMonth}`,
        url: `${base}/api/provider-availability/timeslot/${nextMonth}`,
        headers: { authorization: `Bearer ${token}` },
      },
    ];
    for (const target of targets) {
      const check = await fetch(target.url, { headers: target.headers });
      if (check.status !== 200) throw new Error(`${target.name}: ${check.status} ${await check.text()}`);
      await run({ url: target.url, headers: target.headers, connections: 2, duration: 2 }); // warm-up
    }

    const { server, url: helloUrl } = await helloWorld();
    hello = server;
    await run({ url: helloUrl, connections: 10, duration: 2 }); // warm-up
    const bare = await run({ url: helloUrl, connections: 10, duration: DURATION_S });

    console.log(`\nNode ${process.version}; ${DURATION_S} s per run; month of ${nextMonth}, 60-minute sessions\n`);
    console.log('bare Node http hello-world, 10 connections:');
    console.log(
      `  ${bare.requests.average.toFixed(0)} req/s   p50 ${fmt(bare.latency.p50)} ms   p99 ${fmt(bare.latency.p99)} ms\n`,
    );
    let pass = true;
    for (const target of targets) {
      const one = await run({ url: target.url, headers: target.headers, connections: 1, duration: DURATION_S });
      const ten = await profiled(target.name.split('  ')[0]?.replace(/\W+/g, '-') ?? 'month', () =>
        run({ url: target.url, headers: target.headers, connections: 10, duration: DURATION_S }),
      );
      const errors = one.non2xx + one.errors + ten.non2xx + ten.errors;
      const ok50 = one.latency.p50 <= GOAL_P50_MS;
      const ok99 = ten.latency.p99 <= GOAL_P99_MS;
      pass &&= ok50 && ok99 && errors === 0;
      console.log(target.name);
      console.log(
        `  1 connection:   ${one.requests.average.toFixed(0).padStart(6)} req/s   p50 ${fmt(one.latency.p50)} ms   p99 ${fmt(one.latency.p99)} ms   goal p50 ≤ ${GOAL_P50_MS} ms: ${ok50 ? 'met' : 'MISSED'}`,
      );
      console.log(
        `  10 connections: ${ten.requests.average.toFixed(0).padStart(6)} req/s   p50 ${fmt(ten.latency.p50)} ms   p99 ${fmt(ten.latency.p99)} ms   goal p99 ≤ ${GOAL_P99_MS} ms: ${ok99 ? 'met' : 'MISSED'}`,
      );
      console.log(
        `  ${(ten.requests.average / bare.requests.average).toFixed(3)} × the hello-world throughput; errors/non-2xx: ${errors}\n`,
      );
    }
    console.log(pass ? 'all goals met' : 'some goals MISSED');
    process.exitCode = pass ? 0 : 1;
  } finally {
    if (hello) await new Promise((resolve) => hello?.close(resolve));
    if (app) await app.close();
    await database.close();
    if (process.env.BENCH_KEEP_DB) console.log(`kept database ${dbName}`);
    else await admin((client) => client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
