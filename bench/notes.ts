/**
 * Notes: a client's notes page stays fast at depth.
 *
 * One provider, one client with 10,000 notes (half session notes, half client notes; every title
 * and content sealed with AES-256-GCM exactly as the service seals them). Through HTTP on a real
 * server: GET /api/note/client/{id}?page=1 and ?page=500 (20 a page), each request decrypting its
 * page and writing one access-log row per note listed. Goal: both p50 ≤ 15 ms. Printed beside
 * them: p90, a title-filtered listing (which decrypts every title of the client) and, as a
 * reference measured in the same run, GET /api/health.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { notes } from '../apps/api/src/db/schema/index.ts';
import { keyringOf, noteAad, sealText } from '../apps/api/src/modules/notes/crypto.ts';
import { listClientNotes } from '../apps/api/src/modules/notes/read-notes.ts';
import { rawRows } from '../apps/api/src/platform/prepared.ts';
import { signAccessToken } from '../apps/api/src/platform/tokens.ts';
import { recordRun } from './record.ts';
import { admin, benchDeps, closeDatabase, urlFor } from './support.ts';

const NOTES = 10_000;
const PER_PAGE = 20;
const DEEP_PAGE = NOTES / PER_PAGE;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const GOAL_MS = 15;

const dbName = `bench_notes_${process.pid}`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const fmt = (ms: number) => ms.toFixed(2);

/** p50 and p90 of `SAMPLES` sequential GETs after a warm-up of 10; every answer is checked. */
async function timeGet(url: string, token: string, check: (body: unknown) => void) {
  const headers = { authorization: `Bearer ${token}` };
  for (let i = 0; i < 10; i++) await (await fetch(url, { headers })).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    const body = await response.json();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
    check(body);
  }
  return { p50: percentile(times, 50), p90: percentile(times, 90) };
}

async function main() {
  recordRun('notes');
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
    const bookingIds = Array.from({ length: 50 }, () => randomUUID());
    await db.execute(sql`
      INSERT INTO bookings (id, client_id, provider_id, status, starts_at, ends_at)
      SELECT b.id, ${clientId}, ${providerId}, 'completed', now() - (n || ' days')::interval,
             now() - (n || ' days')::interval + interval '1 hour'
        FROM unnest(${sql.raw(`ARRAY[${bookingIds.map((id) => `'${id}'::uuid`).join(',')}]`)}) WITH ORDINALITY AS b(id, n)`);
    const [record] = await rawRows<{ id: string }>(
      db,
      sql`INSERT INTO provider_clients (provider_id, user_id, source) VALUES (${providerId}, ${clientId}, 'booking')
          RETURNING id`,
    );
    if (!record) throw new Error('no client record');

    // Sealed exactly as createNote seals them (the same keyring the server uses).
    const ring = keyringOf(deps.config);
    const keyId = ring.currentId;
    const base = Date.now() - NOTES * 60_000;
    const batch: Array<typeof notes.$inferInsert> = [];
    for (let i = 0; i < NOTES; i++) {
      const id = randomUUID();
      const session = i % 2 === 0;
      const at = new Date(base + i * 60_000);
      batch.push({
        id,
        providerId,
        providerClientId: record.id,
        bookingId: session ? bookingIds[i % bookingIds.length] : null,
        type: session ? 'booking' : 'client',
        keyId,
        title: sealText(ring, keyId, `${session ? 'Session' : 'Client'} note ${i}`, noteAad(id, 'title')),
        content: sealText(ring, keyId, `Observations ${i}: `.padEnd(600, 'lorem ipsum '), noteAad(id, 'content')),
        createdAt: at,
        updatedAt: at,
      });
      if (batch.length === 1000) await db.insert(notes).values(batch.splice(0));
    }
    if (batch.length > 0) await db.insert(notes).values(batch);
    await db.execute(sql`VACUUM ANALYZE`);
    console.log(`seeded ${NOTES} sealed notes for one client in ${Date.now() - started} ms`);

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

    const pageOf = (page: number) => `${origin}/api/note/client/${clientId}?page=${page}&perPage=${PER_PAGE}`;
    const full = (body: unknown) => {
      const { data, meta } = body as { data: Array<{ title: string }>; meta: { total: number } };
      if (data.length !== PER_PAGE || meta.total !== NOTES || !data[0]?.title.includes('note')) {
        throw new Error('unexpected page');
      }
    };
    const health = await timeGet(`${origin}/api/health`, token, () => {});
    const first = await timeGet(pageOf(1), token, full);
    const deep = await timeGet(pageOf(DEEP_PAGE), token, full);
    const titled = await timeGet(`${pageOf(1)}&title=note%209999`, token, (body) => {
      if ((body as { data: unknown[] }).data.length !== 1) throw new Error('title filter found the wrong notes');
    });
    // The same listing called in-process (no HTTP, no auth): the service's own share of a request.
    const actor = { userId: providerId, role: 'provider' as const, sessionId: session?.id as string };
    const serviceTimes = async (page: number) => {
      const times: number[] = [];
      for (let i = 0; i < SAMPLES + 10; i++) {
        const started = performance.now();
        await listClientNotes(deps, { actor, clientId, query: { page, perPage: PER_PAGE } });
        if (i >= 10) times.push(performance.now() - started);
      }
      return percentile(times, 50);
    };
    const serviceFirst = await serviceTimes(1);
    const serviceDeep = await serviceTimes(DEEP_PAGE);
    const [logged] = await rawRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM note_access_log`);

    console.log('');
    console.log(`client notes, ${NOTES} notes, ${PER_PAGE} a page (p50 / p90 of ${SAMPLES} requests):`);
    console.log(`  page 1             ${fmt(first.p50)} ms / ${fmt(first.p90)} ms`);
    console.log(`  page ${DEEP_PAGE}           ${fmt(deep.p50)} ms / ${fmt(deep.p90)} ms`);
    console.log(`  title filter       ${fmt(titled.p50)} ms / ${fmt(titled.p90)} ms (decrypts all ${NOTES} titles)`);
    console.log(`  reference /health  ${fmt(health.p50)} ms / ${fmt(health.p90)} ms`);
    console.log(
      `  service alone (in-process, p50): page 1 ${fmt(serviceFirst)} ms, page ${DEEP_PAGE} ${fmt(serviceDeep)} ms`,
    );
    console.log(`  access-log rows written: ${logged?.n}`);
    const ok = first.p50 <= GOAL_MS && deep.p50 <= GOAL_MS;
    console.log(`goal: page 1 and page ${DEEP_PAGE} p50 ≤ ${GOAL_MS} ms → ${ok ? 'met' : 'NOT met'}`);
    if (!ok) process.exitCode = 1;
  } finally {
    await app?.close();
    await closeDatabase(database);
    if (process.env.BENCH_KEEP_DB) console.log(`kept database ${dbName}`);
    else await admin((client) => client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  }
}

await main();
