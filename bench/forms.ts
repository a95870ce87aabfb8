/**
 * Forms: a provider's client page charts 200 submitted measures fast, under load.
 *
 * One provider, one client with 200 submitted questionnaires (PHQ-9 and GAD-7 in turn; answers
 * and results sealed with AES-256-GCM exactly as the service seals them). Through HTTP on a real
 * server: GET /api/forms/clients/{id}/progress, the chart data, which opens every result and
 * records the read of every form. 10 connections at a time (BENCH_CONCURRENCY) for 10 s
 * (BENCH_DURATION). Goal: p99 ≤ 50 ms. Printed beside it: p50, answers per second, the server's
 * CPU per answer and, as a reference measured in the same run, GET /api/health.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { formRequests } from '../apps/api/src/db/schema/index.ts';
import { formSealer } from '../apps/api/src/modules/forms/sealed.ts';
import { rawRows } from '../apps/api/src/platform/prepared.ts';
import { signAccessToken } from '../apps/api/src/platform/tokens.ts';
import { submittedMeasure } from '../apps/api/test/form-fixtures.ts';
import { INSTRUMENTS, itemId } from '../packages/shared/src/instruments.ts';
import { fmt, load, measureLoad } from './http.ts';
import { recordRun } from './record.ts';
import { admin, benchDeps, closeDatabase, urlFor } from './support.ts';

const SUBMISSIONS = 200;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const GOAL_P99_MS = 50;

const dbName = `bench_forms_${process.pid}`;

/**
 * One GET checked once by `check`, then CONCURRENCY connections kept busy for DURATION_S seconds
 * after a warm-up second: autocannon in its own thread (bench/http.ts), so the load generator's
 * parsing does not wait in the server's event loop as a browser's never would.
 */
async function timeConcurrent(url: string, token: string, check: (body: unknown) => void) {
  // A browser asks for compressed answers; the chart is kept gzipped as it is sent.
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' };
  const response = await fetch(url, { headers });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
  check(body);
  await load({ url, headers, connections: CONCURRENCY, duration: 1 });
  const result = await measureLoad({ url, headers, connections: CONCURRENCY, duration: DURATION_S });
  if (result.errors || result.non2xx) throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return result;
}

async function main() {
  recordRun('forms');
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  await admin((client) => client.query(`CREATE DATABASE ${dbName}`));
  const database = await openDatabase({ url: urlFor(dbName), poolSize: 10 });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await database.migrate();
    const { db } = database;
    const deps = benchDeps(database, { DATA_DIR: 'node_modules/.cache/bench-data' });
    const started = Date.now();
    const providerId = randomUUID();
    const clientId = randomUUID();
    await db.execute(sql`
      INSERT INTO users (id, email, role, first_name, last_name, email_verified_at) VALUES
        (${providerId}, 'bench-provider@bench.test', 'provider', 'Bench', 'Provider', now()),
        (${clientId}, 'bench-client@bench.test', 'client', 'Bench', 'Client', now())`);
    await db.execute(sql`
      INSERT INTO bookings (id, client_id, provider_id, status, starts_at, ends_at)
      VALUES (${randomUUID()}, ${clientId}, ${providerId}, 'completed', now() - interval '1 day', now() - interval '23 hours')`);

    // Sealed exactly as submitForm seals them (the same keyring the server uses).
    const sealer = formSealer(deps.config);
    const base = Date.now() - SUBMISSIONS * 86_400_000;
    const rows = Array.from({ length: SUBMISSIONS }, (_, i) => {
      const instrument = i % 2 === 0 ? INSTRUMENTS.phq9 : INSTRUMENTS.gad7;
      const answers = Object.fromEntries(
        instrument.items.en.map((_, index) => [itemId(index + 1), String((i + index) % (index === 8 ? 1 : 4))]),
      );
      return submittedMeasure(sealer, {
        providerId,
        clientId,
        instrument,
        answers,
        at: new Date(base + i * 86_400_000),
      });
    });
    await db.insert(formRequests).values(rows);
    await db.execute(sql`VACUUM ANALYZE`);
    console.log(`seeded ${SUBMISSIONS} sealed submissions for one client in ${Date.now() - started} ms`);

    app = await buildApp(deps);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const [session] = await rawRows<{ id: string }>(
      db,
      sql`INSERT INTO auth_sessions (user_id, expires_at) VALUES (${providerId}, now() + interval '1 day') RETURNING id`,
    );
    const token = await signAccessToken(
      { secret: deps.config.APP_SECRET, ttlSeconds: 3600, now: new Date() },
      { userId: providerId, role: 'provider', sessionId: session?.id as string },
    );

    const health = await timeConcurrent(`${origin}/api/health`, token, () => {});
    const chart = await timeConcurrent(`${origin}/api/forms/clients/${clientId}/progress`, token, (body) => {
      const { data } = body as { data: Array<{ points: unknown[] }> };
      if (data.length !== 2 || data.reduce((sum, series) => sum + series.points.length, 0) !== SUBMISSIONS) {
        throw new Error('unexpected chart data');
      }
    });
    const [logged] = await rawRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM form_access_log`);

    console.log('');
    console.log(
      `chart data, ${SUBMISSIONS} submissions, ${CONCURRENCY} connections for ${DURATION_S} s (Node ${process.version}):`,
    );
    const row = (name: string, result: Awaited<ReturnType<typeof timeConcurrent>>) =>
      console.log(
        `  ${name.padEnd(18)} p50 ${fmt(result.latency.p50)} ms, p99 ${fmt(result.latency.p99)} ms, ` +
          `${fmt(result.requests.average, 0)}/s, server CPU ${result.serverMs === undefined ? '?' : fmt(result.serverMs, 2)} ms each`,
      );
    row('progress', chart);
    row('reference /health', health);
    console.log(`  access-log rows written: ${logged?.n}`);
    const ok = chart.latency.p99 <= GOAL_P99_MS;
    console.log(`goal: chart data p99 ≤ ${GOAL_P99_MS} ms at ${CONCURRENCY} concurrent → ${ok ? 'met' : 'NOT met'}`);
    if (!ok) process.exitCode = 1;
  } finally {
    await app?.close();
    await closeDatabase(database);
    if (process.env.BENCH_KEEP_DB) console.log(`kept database ${dbName}`);
    else await admin((client) => client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  }
}

await main();
