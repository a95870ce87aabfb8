/**
 * Overview benchmark: GET /api/overview for a client with 200 past sessions, on PostgreSQL, beside
 * a bare node:http hello-world measured in the same run.
 *
 *   npx tsx bench/overview.ts            (npm run bench:overview)
 *
 * A fresh database (created, migrated, seeded with the demo data, dropped at the end) where the
 * demo client also has 200 completed sessions with the demo therapists, one booking waiting for
 * payment and a few unread notifications; the answer carries their next session, the hold, the
 * wallet, the counts and three recommendations. Goal: p99 ≤ 50 ms at 10 concurrent connections,
 * every answer 200 (a 1-connection run is printed too: the
 * answer's own latency without queueing). Exits 1 when the goal is missed.
 */
import type { AddressInfo } from 'node:net';
import { OverviewSchema } from '@app/shared/schemas/overview';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { authSessions, bookings, notifications, users } from '../apps/api/src/db/schema/index.ts';
import { signAccessToken } from '../apps/api/src/platform/tokens.ts';
import { createLocalPrivateStorage } from '../apps/api/src/platform/uploads/private-storage.ts';
import { seedDatabase } from '../apps/api/src/scripts/seed/index.ts';
import { fmt, helloWorld, load } from './http.ts';
import { recordRun } from './record.ts';
import { admin, benchDeps, profiled, urlFor } from './support.ts';

const GOAL_P99_MS = 50;
const CONNECTIONS = 10;
const PAST_SESSIONS = 200;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const dbName = `bench_overview_${process.pid}`;

/** The demo client's history: 200 completed sessions, one held booking, unread notifications. */
async function addHistory(db: Awaited<ReturnType<typeof openDatabase>>['db'], now: Date): Promise<string> {
  const [client] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'client@demo.test'));
  if (!client) throw new Error('demo client missing');
  const providers = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'provider'), inArray(users.email, ['provider@demo.test', 'emeka.obi@demo.test'])));
  const past = Array.from({ length: PAST_SESSIONS }, (_, index) => {
    const startsAt = new Date(now.getTime() - (index + 2) * DAY_MS - (index % 6) * HOUR_MS);
    return {
      clientId: client.id,
      providerId: (providers[index % providers.length] as { id: string }).id,
      modalityKey: 'video-session',
      status: 'completed' as const,
      previousStatus: 'confirmed' as const,
      startsAt,
      endsAt: new Date(startsAt.getTime() + HOUR_MS),
      priceMinor: 1_500_000,
      currencyCode: 'NGN',
      paidAt: startsAt,
      paymentMethod: 'wallet' as const,
      completedAt: new Date(startsAt.getTime() + HOUR_MS),
      createdAt: new Date(startsAt.getTime() - DAY_MS),
      updatedAt: startsAt,
    };
  });
  await db.insert(bookings).values(past);
  // A booking waiting for payment: scheduled 9 days ahead, its hold running for 10 more minutes.
  const heldStart = new Date(Math.ceil((now.getTime() + 9 * DAY_MS) / HOUR_MS) * HOUR_MS + 7 * HOUR_MS);
  await db.insert(bookings).values({
    clientId: client.id,
    providerId: (providers[1] ?? providers[0] ?? { id: '' }).id,
    modalityKey: 'video-session',
    status: 'pending',
    startsAt: heldStart,
    endsAt: new Date(heldStart.getTime() + HOUR_MS),
    holdExpiresAt: new Date(now.getTime() + 10 * 60_000),
    priceMinor: 1_200_000,
    currencyCode: 'NGN',
  });
  await db.insert(notifications).values(
    Array.from({ length: 5 }, (_, index) => ({
      userId: client.id,
      kind: 'booking.confirmed',
      data: {},
      createdAt: new Date(now.getTime() - index * HOUR_MS),
    })),
  );
  return client.id;
}

async function main() {
  recordRun('overview');
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  await admin((client) => client.query(`CREATE DATABASE ${dbName}`));
  const database = await openDatabase({ url: urlFor(dbName), poolSize: 10 });
  let app: FastifyInstance | undefined;
  const hello = await helloWorld();
  try {
    await database.migrate();
    const now = new Date();
    const started = Date.now();
    await seedDatabase(database.db, {
      now,
      demo: true,
      storage: createLocalPrivateStorage('node_modules/.cache/bench-data/private'),
    });
    const clientId = await addHistory(database.db, now);
    await database.db.execute('ANALYZE');
    console.log(`seeded the demo data and ${PAST_SESSIONS} past sessions in ${Date.now() - started} ms`);

    const deps = benchDeps(database, { DATA_DIR: 'node_modules/.cache/bench-data' });
    app = await buildApp(deps);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/overview`;
    const [session] = await database.db
      .insert(authSessions)
      .values({ userId: clientId, expiresAt: new Date(Date.now() + DAY_MS) })
      .returning({ id: authSessions.id });
    const token = await signAccessToken(
      { secret: deps.config.APP_SECRET, ttlSeconds: 3600, now: new Date() },
      { userId: clientId, role: 'client', sessionId: session?.id as string },
    );
    const headers = { authorization: `Bearer ${token}` };

    const check = await fetch(url, { headers });
    if (check.status !== 200) throw new Error(`GET /api/overview: ${check.status} ${await check.text()}`);
    const overview = OverviewSchema.parse(await check.json());
    if (overview.role !== 'client' || !overview.nextSession || overview.awaitingPayment.length !== 1) {
      throw new Error('the overview does not carry the seeded next session and hold');
    }
    console.log(
      `the answer: next session ${overview.nextSession.startAt}, ${overview.awaitingPayment.length} hold, ` +
        `${overview.recommended.length} recommendations, ${overview.unreadNotifications} unread notifications`,
    );
    await load({ url, headers, connections: 2, duration: 2 }); // warm-up

    await load({ url: hello.url, connections: CONNECTIONS, duration: 2 }); // warm-up
    const bare = await load({ url: hello.url, connections: CONNECTIONS, duration: DURATION_S });
    const single = await load({ url, headers, connections: 1, duration: DURATION_S });
    const result = await profiled('overview', () =>
      load({ url, headers, connections: CONNECTIONS, duration: DURATION_S }),
    );
    const errors = result.errors + result.non2xx;
    const met = result.latency.p99 <= GOAL_P99_MS && errors === 0;

    console.log(`\nNode ${process.version}; ${DURATION_S} s per run, ${CONNECTIONS} connections\n`);
    console.log(
      `${'bare node:http hello-world'.padEnd(30)} ${bare.requests.average.toFixed(0).padStart(6)} req/s  p50 ${fmt(bare.latency.p50)} ms  p99 ${fmt(bare.latency.p99)} ms`,
    );
    console.log(
      `${'GET /api/overview, 1 connection'.padEnd(30)} ${single.requests.average.toFixed(0).padStart(6)} req/s  p50 ${fmt(single.latency.p50)} ms  p99 ${fmt(single.latency.p99)} ms`,
    );
    console.log(
      `${'GET /api/overview (client)'.padEnd(30)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${fmt(result.latency.p50)} ms  p99 ${fmt(result.latency.p99)} ms  ` +
        `errors/non-2xx ${errors}  goal p99 ≤ ${GOAL_P99_MS} ms: ${met ? 'met' : 'MISSED'}`,
    );
    process.exitCode = met ? 0 : 1;
  } finally {
    await hello.close();
    await app?.close();
    await database.close();
    await admin((client) => client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  }
}

await main();
