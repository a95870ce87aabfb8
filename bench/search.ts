/**
 * Directory search latency on PostgreSQL: 1,000 listed providers (names, bios, fees, preference
 * lists, weekly calendars, review summaries), then GET /api/providers with three list filters plus
 * free text, 10 connections at a time over HTTP for BENCH_DURATION seconds (default 20; autocannon in
 * a child process), varying the filters and the words. Goal: p50 ≤ 20 ms and p99 ≤ 60 ms. Every answer must be 200 with at least
 * one provider (the combinations are chosen so they match). Exits 1 when a goal is missed.
 */

import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import {
  availabilityWeeklyDays,
  countries,
  preferenceOptions,
  providerBookingFees,
  providerProfiles,
  states,
  userPreferences,
  users,
} from '../apps/api/src/db/schema/index.ts';
import { refreshNextAvailable } from '../apps/api/src/modules/directory/next-available.ts';
import { seedReferenceData } from '../apps/api/src/scripts/seed/reference.ts';
import { recordRun } from './record.ts';
import { admin, backendsCpuMs, benchDeps, closeDatabase, cpuSpent, profiled, urlFor } from './support.ts';

const PROVIDERS = 1000;
const CONCURRENCY = 10;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const GOAL_P50_MS = 20;
const GOAL_P99_MS = 60;
const dbName = `bench_search_${process.pid}`;

/** A small deterministic generator, so every run searches the same data. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const FIRST = [
  'Ada',
  'Emeka',
  'Funke',
  'Ibrahim',
  'Ngozi',
  'Sarah',
  'James',
  'Maya',
  'Lena',
  'Jonas',
  'Hannah',
  'Tobi',
];
const LAST = ['Eze', 'Obi', 'Adeyemi', 'Musa', 'Nwosu', 'Collins', 'Reid', 'Patel', 'Schmidt', 'Weber', 'Fischer'];
const TOPICS_EN = ['anxiety', 'depression', 'stress at work', 'grief', 'couples', 'trauma', 'sleep', 'burnout'];
const TOPICS_DE = ['Ängsten', 'Depressionen', 'Stress', 'Trauer', 'Paaren', 'Trauma', 'Schlafproblemen'];
const COUNTRIES = [
  ['NG', 'NGN', 'Africa/Lagos', ['NG-LA', 'NG-FC', 'NG-RI', 'NG-OY'], 1_500_000],
  ['GB', 'GBP', 'Europe/London', ['GB-ENG', 'GB-SCT'], 6_000],
  ['US', 'USD', 'America/New_York', ['US-NY', 'US-CA', 'US-TX'], 8_000],
  ['DE', 'EUR', 'Europe/Berlin', ['DE-BE', 'DE-BY'], 7_000],
] as const;
const LISTS: Record<string, string[]> = {
  language: ['en', 'yo', 'ig', 'ha', 'de', 'fr'],
  therapyApproach: ['cbt', 'dbt', 'psychodynamic', 'person-centred', 'emdr', 'mindfulness-based'],
  modality: ['video-session', 'audio-call', 'chat-messaging', 'in-person'],
  specialities: ['anxiety', 'depression', 'stress', 'relationship-issues', 'trauma-and-ptsd', 'grief-and-loss'],
};

async function seed(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const next = random(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const some = (items: readonly string[], count: number) =>
    [...new Set(Array.from({ length: count }, () => pick(items)))] as string[];
  await seedReferenceData(db);
  const countryIds = new Map(
    (await db.select({ id: countries.id, code: countries.code }).from(countries)).map((row) => [row.code, row.id]),
  );
  const stateIds = new Map(
    (await db.select({ id: states.id, code: states.code }).from(states)).map((row) => [row.code, row.id]),
  );
  const options = await db
    .select({ id: preferenceOptions.id, list: preferenceOptions.list, key: preferenceOptions.key })
    .from(preferenceOptions);
  const optionId = (list: string, key: string) =>
    options.find((row) => row.list === list && row.key === key)?.id as string;

  const people = Array.from({ length: PROVIDERS }, (_, index) => {
    const [code, currency, zone, stateCodes, fee] = pick(COUNTRIES);
    const german = code === 'DE';
    const topics = some(german ? TOPICS_DE : TOPICS_EN, 3);
    return {
      index,
      code,
      currency,
      zone,
      state: pick(stateCodes),
      fee: Math.round(fee * (0.6 + next())),
      firstName: pick(FIRST),
      lastName: `${pick(LAST)}-${index}`,
      gender: pick(['female', 'male', 'non-binary']),
      bio: german
        ? `Ich begleite Erwachsene bei ${topics.join(', ')} mit kognitiver Verhaltenstherapie.`
        : `I help adults with ${topics.join(', ')} using evidence-based therapy.`,
      headline: german
        ? 'Psychologische Psychotherapeutin'
        : pick(['Clinical Psychologist', 'Counsellor', 'CBT Therapist']),
      lists: Object.fromEntries(Object.entries(LISTS).map(([list, keys]) => [list, some(keys, 3)])),
      reviews: Math.floor(next() * 12),
      rating: 5 + Math.floor(next() * 6),
    };
  });
  const inserted = await db
    .insert(users)
    .values(
      people.map((person) => ({
        email: `bench-provider-${person.index}@bench.test`,
        role: 'provider' as const,
        firstName: person.firstName,
        lastName: person.lastName,
        countryId: countryIds.get(person.code) ?? null,
        stateId: stateIds.get(person.state) ?? null,
        timezone: person.zone,
        gender: person.gender,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const idOf = new Map(inserted.map((row) => [row.email, row.id]));
  const id = (index: number) => idOf.get(`bench-provider-${index}@bench.test`) as string;
  const now = new Date();
  for (let from = 0; from < PROVIDERS; from += 250) {
    const batch = people.slice(from, from + 250);
    await db.insert(providerProfiles).values(
      batch.map((person) => ({
        userId: id(person.index),
        title: 'Dr',
        headline: person.headline,
        bio: person.bio,
        verificationStatus: 'approved' as const,
        approvedAt: now,
      })),
    );
    // Listed providers hold a current insurance (the listing rule).
    await db.execute(
      sql`INSERT INTO indemnity_insurances (provider_id, storage_key, filename, content_type, size_bytes, expires_on) SELECT user_id, 'bench/insurance/' || user_id || '.pdf', 'insurance.pdf', 'application/pdf', 1024, (now() + interval '1 year')::date FROM provider_profiles WHERE user_id IN (SELECT user_id FROM provider_profiles EXCEPT SELECT provider_id FROM indemnity_insurances)`,
    );
    await db.insert(providerBookingFees).values(
      batch.map((person) => ({
        providerId: id(person.index),
        feeMinor: person.fee,
        currencyCode: person.currency,
      })),
    );
    await db
      .insert(userPreferences)
      .values(
        batch.flatMap((person) =>
          Object.entries(person.lists).flatMap(([list, keys]) =>
            keys.map((key) => ({ userId: id(person.index), optionId: optionId(list, key), list })),
          ),
        ),
      );
    await db.insert(availabilityWeeklyDays).values(
      batch.flatMap((person) =>
        [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({
          providerId: id(person.index),
          dayOfWeek,
          isAvailable: (dayOfWeek + person.index) % 3 !== 0,
          intervals: (dayOfWeek + person.index) % 3 !== 0 ? [{ startTime: '09:00', endTime: '17:00' }] : [],
        })),
      ),
    );
  }
  // Review summaries as reviews would leave them (the reviews themselves are not searched).
  for (const person of people) {
    if (person.reviews === 0) continue;
    await db.execute(sql`UPDATE provider_directory SET review_count = ${person.reviews},
      rating_sum_halves = ${person.reviews * person.rating} WHERE provider_id = ${id(person.index)}::uuid`);
  }
}

/** Three list filters plus a word, in rotation; each combination matches some providers. */
function queries(): string[] {
  const words = ['anxiety', 'depression', 'stress', 'Ängsten', 'couples', 'trauma', 'Ada', 'Schmidt', 'therap'];
  const result: string[] = [];
  for (const [index, word] of words.entries()) {
    for (const language of ['en', 'yo', 'de']) {
      const approach = LISTS.therapyApproach?.[index % 6] as string;
      const modality = LISTS.modality?.[index % 4] as string;
      const q = encodeURIComponent(word);
      result.push(`language=${language}&therapyApproach=${approach},cbt&modality=${modality},video-session&q=${q}`);
    }
  }
  return result;
}

interface LoadResult {
  requests: number;
  non2xx: number;
  errors: number;
  p50: number;
  p99: number;
}

/**
 * What PostgreSQL spent on the bench's database: the CPU time of its client backends (user +
 * system, from /proc, by process id; undefined when the server is not on this machine) and the
 * time its statements were active (pg_stat_database, wall time: waiting for a core counts too).
 * Read before and after the load, the difference over the requests is PostgreSQL's share of a
 * request.
 */
async function postgresSpent(): Promise<{ cpu: Map<number, number> | undefined; activeMs: number }> {
  return admin(async (client) => {
    const cpu = await backendsCpuMs(client, dbName);
    const stats = await client.query<{ active: number }>(
      'SELECT active_time AS active FROM pg_stat_database WHERE datname = $1',
      [dbName],
    );
    return { cpu, activeMs: Number(stats.rows[0]?.active ?? 0) };
  });
}

/** Runs autocannon in a child process over the paths, in rotation on every connection. */
function loadFromChild(options: { url: string; paths: string[]; connections: number; duration: number }) {
  const code = `
    const autocannon = require('autocannon');
    const options = JSON.parse(process.env.BENCH_LOAD);
    autocannon({
      url: options.url,
      connections: options.connections,
      duration: options.duration,
      requests: options.paths.map((path) => ({ method: 'GET', path })),
    }).then((result) => process.stdout.write(JSON.stringify({
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      p50: result.latency.p50,
      p99: result.latency.p99,
    })));
  `;
  return new Promise<LoadResult>((resolve, reject) => {
    execFile(
      process.execPath,
      ['-e', code],
      { env: { ...process.env, BENCH_LOAD: JSON.stringify(options) }, maxBuffer: 1024 * 1024 },
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as LoadResult)),
    );
  });
}

async function main() {
  recordRun('search');
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  await admin((client) => client.query(`CREATE DATABASE ${dbName}`));
  const database = await openDatabase({ url: urlFor(dbName), poolSize: 10 });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let failed = false;
  try {
    await database.migrate();
    const started = Date.now();
    await seed(database.db);
    const deps = benchDeps(database, { DATA_DIR: 'node_modules/.cache/bench-data' });
    const refreshed = await refreshNextAvailable(deps);
    // Seeding rewrote every directory row four or five times (profile, fee, options, reviews, next
    // free slot); in service autovacuum clears such dead versions within a minute or so. Searched
    // as a steady state, not as a bulk load that has not been vacuumed yet.
    await database.db.execute(sql`VACUUM ANALYZE`);
    console.log(`seeded ${PROVIDERS} providers (${refreshed} next free slots) in ${Date.now() - started} ms`);
    app = await buildApp(deps);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/providers?`;
    const list = queries();
    for (const query of list) {
      const response = await fetch(base + query);
      const body = (await response.json()) as { data: unknown[]; total: number };
      if (response.status !== 200 || body.data.length === 0)
        throw new Error(`${query}: ${response.status} ${body.total}`);
    }
    // Every pooled connection open (the PostgreSQL figures read their backends), plans cached.
    for (let round = 0; round < 3; round++) {
      await Promise.all(
        list.slice(0, CONCURRENCY).map((query) => fetch(base + query).then((answer) => answer.arrayBuffer())),
      );
    }
    // The load comes from autocannon in a child process (another core), as real clients would:
    // the server's process does only the server's work.
    const loadBefore = loadavg()[0] as number;
    const postgresBefore = await postgresSpent();
    const cpuBefore = process.cpuUsage();
    const result = await profiled('search', () =>
      loadFromChild({
        url: base.replace(/\/api\/providers\?$/, ''),
        paths: list.map((query) => `/api/providers?${query}`),
        connections: CONCURRENCY,
        duration: DURATION_S,
      }),
    );
    const cpu = process.cpuUsage(cpuBefore);
    // Statistics reach pg_stat_database within a second of a statement (PostgreSQL 15).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const postgresAfter = await postgresSpent();
    const each = (ms: number) => (ms / Math.max(1, result.requests)).toFixed(2);
    const p50 = result.p50;
    const p99 = result.p99;
    console.log(
      `search: ${result.requests} requests in ${DURATION_S} s at ${CONCURRENCY} concurrent (${(result.requests / DURATION_S).toFixed(0)}/s), ` +
        `${result.non2xx} non-2xx`,
    );
    console.log(
      `per request: server process CPU ${each((cpu.user + cpu.system) / 1000)} ms, PostgreSQL CPU ${
        postgresBefore.cpu === undefined || postgresAfter.cpu === undefined
          ? 'unknown (server elsewhere)'
          : `${each(cpuSpent(postgresBefore.cpu, postgresAfter.cpu))} ms`
      }, PostgreSQL statements active ${each(postgresAfter.activeMs - postgresBefore.activeMs)} ms (wall); ` +
        `machine load ${loadBefore.toFixed(1)} → ${(loadavg()[0] as number).toFixed(1)} on ${availableParallelism()} cores`,
    );
    console.log(
      `latency p50 ${p50.toFixed(2)} ms (goal ≤ ${GOAL_P50_MS}), p99 ${p99.toFixed(2)} ms (goal ≤ ${GOAL_P99_MS})`,
    );
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`);
    failed = !(p50 <= GOAL_P50_MS && p99 <= GOAL_P99_MS);
    console.log(failed ? 'FAIL: a latency goal was missed' : 'PASS: both latency goals met');
  } finally {
    await app?.close();
    await closeDatabase(database);
    if (process.env.BENCH_KEEP) console.log(`kept database ${dbName}`);
    else await admin((client) => client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  }
  if (failed) process.exitCode = 1;
}

await main();
