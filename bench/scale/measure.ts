/**
 * The measurements of one bench:scale database: the app built on it (production settings, the
 * database's own secret) and listening on a port, each path loaded over HTTP at CONNECTIONS
 * concurrent for DURATION_S seconds (autocannon in a worker thread, bench/http.ts); the booking
 * journey over HTTP and through the services, beside pgbench -N; the reminders job over one day of
 * sessions.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { encodeSlotId } from '../../apps/api/src/modules/availability/slot-id.ts';
import { createBooking } from '../../apps/api/src/modules/bookings/create-booking.ts';
import { scheduleBooking } from '../../apps/api/src/modules/bookings/schedule-booking.ts';
import { payBooking } from '../../apps/api/src/modules/checkout/pay-booking.ts';
import { sendSessionReminders } from '../../apps/api/src/modules/notifications/reminders.ts';
import { rawRows } from '../../apps/api/src/platform/prepared.ts';
import { signAccessToken } from '../../apps/api/src/platform/tokens.ts';
import { load, measureLoad } from '../http.ts';
import { backendsCpuMs, benchDeps, closeDatabase, cpuSpent, pgbench, profiled, urlFor } from '../support.ts';
import { timed, tolerant } from '../timed.ts';
import { type Built, databaseName, type ScaleSize } from './build.ts';
import { captureStatements, explainEnabled, explainStatements } from './explain.ts';
import { type JourneyClientRun, type JourneyTicket, runJourneyClient } from './journey-client.ts';

const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const JOURNEY_DURATION_S = Number(process.env.BENCH_JOURNEY_DURATION ?? 10);
/**
 * BENCH_ONLY=text: measure only the paths whose label holds it (an A/B of one path); the journey
 * and the reminders run only when the text is "journey" or "reminders".
 */
const ONLY = process.env.BENCH_ONLY;
const runs = (part: 'journey' | 'reminders') => !ONLY || ONLY === part;
const PGBENCH_DB = 'bench_scale_pgbench';
const DAY_MS = 86_400_000;

const PROVIDER_1 = '00000001-0000-4000-8000-000000000001';
const CLIENT_1 = '00000002-0000-4000-8000-000000000001';
const ADMIN_1 = '00000003-0000-4000-8000-000000000001';
const DEEP_CONVERSATION = '00000005-0000-4000-8000-000000000000';

export interface PathFigure {
  path: string;
  p50: number;
  p99: number;
  perSecond: number;
  errors: number;
  /** CPU per answer (ms): the server's main thread, and the database's backends serving it. */
  nodeMs?: number;
  postgresMs?: number;
}

export interface SizeFigures {
  size: string;
  paths: PathFigure[];
  /** Absent when BENCH_ONLY narrows the run to some paths. */
  journeys?: JourneyFigure[];
  reminders?: { sessions: number; emails: number; seconds: number };
  flagged: string[];
}

interface Loaded {
  label: string;
  url: string;
  headers: Record<string, string>;
}

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

async function tokenFor(db: Db, secret: string, userId: string, role: 'client' | 'provider' | 'admin') {
  const [session] = await rawRows<{ id: string }>(
    db,
    sql`INSERT INTO auth_sessions (user_id, expires_at) VALUES (${userId}, now() + interval '1 day') RETURNING id`,
  );
  const token = await signAccessToken(
    { secret, ttlSeconds: 3600, now: new Date() },
    { userId, role, sessionId: session?.id as string },
  );
  return { authorization: `Bearer ${token}` };
}

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** The month (YYYY-MM) `months` after the current one, in UTC. */
function monthFrom(now: Date, months: number): string {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1));
  return at.toISOString().slice(0, 7);
}

/** Follows nextCursor from `first` until `page`; answers that page's URL. */
async function pageUrl(first: string, page: number): Promise<string> {
  let url = first;
  for (let at = 1; at < page; at++) {
    const body = await json<{ nextCursor: string | null }>(url);
    if (!body.nextCursor) throw new Error(`${first}: no page ${page} (ended at ${at})`);
    const next = new URL(first);
    next.searchParams.set('cursor', body.nextCursor);
    url = next.toString();
  }
  return url;
}

/** The measured GET paths of this database, with the headers of the person asking. */
async function paths(base: string, db: Db, secret: string, size: ScaleSize): Promise<Loaded[]> {
  const client = await tokenFor(db, secret, CLIENT_1, 'client');
  const provider = await tokenFor(db, secret, PROVIDER_1, 'provider');
  const adminHeaders = await tokenFor(db, secret, ADMIN_1, 'admin');
  const now = new Date();
  const list: Loaded[] = [];
  // Three lists, a country and a word ("therap" prefixes the bios' "therapy"/"Verhaltenstherapie"),
  // chosen so that a page of matches exists at every size.
  const filtered =
    'countryCode=NG&language=yo,de,en&modality=in-person,video-session&therapyApproach=humanistic,integrative,cbt&q=therap';
  for (const sort of ['relevance', 'rating', 'price', 'next']) {
    list.push({
      label: `search, 3 filters + text, ${sort}, page 1`,
      url: `${base}/api/providers?${filtered}&sort=${sort}`,
      headers: {},
    });
  }
  // The tiny self-test lists 200 providers: 16 pages of 12.
  const deep = size.listed >= 1_000 ? 50 : 10;
  for (const sort of ['relevance', 'rating', 'price', 'next']) {
    const url = await pageUrl(`${base}/api/providers?sort=${sort}`, deep);
    list.push({ label: `search, ${sort}, page ${deep === 50 ? 50 : `${deep} (tiny)`} (keyset)`, url, headers: {} });
  }
  list.push({
    label: "provider's public month",
    url: `${base}/api/providers-availability/${PROVIDER_1}/month/${monthFrom(now, 1)}?timezone=Africa/Lagos`,
    headers: {},
  });
  list.push({
    label: "provider's own month",
    url: `${base}/api/provider-availability/timeslot/${monthFrom(now, 1)}`,
    headers: provider,
  });
  list.push({ label: 'overview, client (300 past)', url: `${base}/api/overview`, headers: client });
  list.push({ label: 'overview, busy provider', url: `${base}/api/overview`, headers: provider });
  list.push({ label: "client's appointments, page 1", url: `${base}/api/booking?page=1&perPage=20`, headers: client });
  list.push({
    label: "client's appointments, page 15",
    url: `${base}/api/booking?page=15&perPage=20`,
    headers: client,
  });
  list.push({ label: "provider's clients", url: `${base}/api/clients`, headers: provider });
  let thread = `${base}/api/messages/conversations/${DEEP_CONVERSATION}/messages`;
  for (let depth = 0; depth < 16; depth++) {
    const body = await json<{ nextCursor: string | null }>(thread, { headers: client });
    if (!body.nextCursor) throw new Error('the deep thread ended early');
    thread = `${base}/api/messages/conversations/${DEEP_CONVERSATION}/messages?cursor=${encodeURIComponent(body.nextCursor)}`;
  }
  list.push({ label: 'chat thread, 480 messages deep', url: thread, headers: client });
  list.push({ label: 'notes list', url: `${base}/api/note/client/${CLIENT_1}?page=1`, headers: provider });
  list.push({
    label: 'admin: review queue',
    url: `${base}/api/admin/reviews/reported?status=open`,
    headers: adminHeaders,
  });
  list.push({
    label: 'admin: users search',
    url: `${base}/api/admin/users?searchQuery=${encodeURIComponent('Groß')}`,
    headers: adminHeaders,
  });
  list.push({
    label: 'admin: audit by target',
    url: `${base}/api/admin/audit?targetIdentifier=${PROVIDER_1}`,
    headers: adminHeaders,
  });
  return list;
}

interface JourneyItem {
  providerId: string;
  clientId: string;
  slotId: string;
  modalityId: string;
  therapyId: string;
}

/**
 * Free hours of listed providers 14-80 days ahead (weekdays 09:00-16:00 in their zone, none
 * booked), each with a client of the provider's country (a funded wallet in that currency).
 */
async function journeyItems(db: Db, secret: string, size: ScaleSize, count: number): Promise<JourneyItem[]> {
  const rows = await rawRows<{
    provider_id: string;
    client_id: string;
    starts_ms: string;
    revision: number;
    modality_id: string;
    therapy_id: string;
  }>(
    db,
    sql`WITH providers AS (
          SELECT n, bench_scale.uid(1, n) AS id, c.zone, c.ix FROM generate_series(2, 401) n
          JOIN bench_scale.countries c ON c.ix = (n - 1) % 4
        ), slots AS (
          SELECT p.n, p.id, p.ix, ((((now() AT TIME ZONE p.zone)::date + d) + make_interval(hours => h)) AT TIME ZONE p.zone) AS starts_at
          FROM providers p CROSS JOIN generate_series(14, 80) d CROSS JOIN generate_series(9, 16) h
          WHERE extract(isodow FROM (now() AT TIME ZONE p.zone)::date + d) < 6
        ), free AS (
          SELECT s.*, row_number() OVER (ORDER BY s.starts_at, s.n) AS k FROM slots s
          WHERE NOT EXISTS (SELECT 1 FROM bookings b WHERE b.provider_id = s.id AND b.status IN ('pending', 'confirmed')
            AND b.starts_at < s.starts_at + interval '1 hour' AND b.ends_at > s.starts_at)
        )
        SELECT f.id AS provider_id, bench_scale.uid(2, 4 * (1 + f.k % (${size.clients}::int / 4 - 1)) + f.ix + 1) AS client_id,
          (extract(epoch FROM f.starts_at) * 1000)::bigint::text AS starts_ms, pp.calendar_revision AS revision,
          (SELECT up.option_id FROM user_preferences up WHERE up.user_id = f.id AND up.list = 'modality' LIMIT 1) AS modality_id,
          (SELECT id FROM therapy_categories ORDER BY position LIMIT 1) AS therapy_id
        FROM free f JOIN provider_profiles pp ON pp.user_id = f.id
        ORDER BY f.k LIMIT ${count}`,
  );
  return rows.map((row) => ({
    providerId: row.provider_id,
    clientId: row.client_id,
    modalityId: row.modality_id,
    therapyId: row.therapy_id,
    slotId: encodeSlotId(secret, {
      providerId: row.provider_id,
      categoryId: null,
      startMs: Number(row.starts_ms),
      durationMinutes: 60,
      revision: row.revision,
    }),
  }));
}

/** Measures every path of one database; the app runs in this process. */
export async function measureSize(size: ScaleSize, built: Built): Promise<SizeFigures> {
  const url = urlFor(databaseName(size));
  const database = await openDatabase({ url, poolSize: CONNECTIONS + 2 });
  // A reused database takes the app's newer migrations first, as a deploy would: the paths are
  // measured on today's schema.
  await database.migrate();
  const deps = benchDeps(database, { DATA_DIR: 'node_modules/.cache/bench-data' }, built.secret);
  const app = await buildApp(deps);
  const flagged: string[] = [];
  // Reads the CPU of the app's pool's backends (its own connection left out).
  const observer = new pg.Client({ connectionString: url });
  await observer.connect();
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const figures: PathFigure[] = [];
    const measured = (await paths(base, database.db, built.secret, size)).filter(
      (path) => !ONLY || path.label.includes(ONLY),
    );
    for (const path of measured) {
      const check = await fetch(path.url, { headers: path.headers });
      const answer = await check.text();
      if (check.status !== 200) throw new Error(`${path.label}: ${check.status} ${answer.slice(0, 300)}`);
      // A list answering nothing would measure an empty index range.
      if (/"data":\[\]/.test(answer)) console.log(`  ${size.name}: ${path.label} answered an empty list`);
      if (explainEnabled) {
        const statements = await captureStatements(() =>
          fetch(path.url, { headers: path.headers }).then((r) => r.text()),
        );
        flagged.push(...(await explainStatements(url, `${size.name}: ${path.label}`, statements)));
      }
      await load({ url: path.url, headers: path.headers, connections: CONNECTIONS, duration: 1 }); // warm-up
      const postgresBefore = await backendsCpuMs(observer, databaseName(size));
      const result = await profiled(`${size.name}-${path.label.replace(/[^a-z0-9]+/gi, '-')}`, () =>
        measureLoad({ url: path.url, headers: path.headers, connections: CONNECTIONS, duration: DURATION_S }),
      );
      const postgresAfter = await backendsCpuMs(observer, databaseName(size));
      const answers = Math.max(result.requests.total, 1);
      const figure: PathFigure = {
        path: path.label,
        p50: result.latency.p50,
        p99: result.latency.p99,
        perSecond: result.requests.average,
        errors: result.errors + result.non2xx,
        nodeMs: result.serverMs,
        postgresMs:
          postgresBefore === undefined || postgresAfter === undefined
            ? undefined
            : cpuSpent(postgresBefore, postgresAfter) / answers,
      };
      figures.push(figure);
      const cpu = (ms: number | undefined) => (ms === undefined ? '     ?' : ms.toFixed(2).padStart(6));
      console.log(
        `  ${size.name}: ${figure.path.padEnd(44)} p50 ${figure.p50.toFixed(1).padStart(6)} ms  p99 ${figure.p99.toFixed(1).padStart(6)} ms  ${figure.perSecond.toFixed(0).padStart(5)}/s  ${(Buffer.byteLength(answer) / 1024).toFixed(1).padStart(6)} KB  CPU per answer: Node ${cpu(figure.nodeMs)} ms, PostgreSQL ${cpu(figure.postgresMs)} ms${figure.errors ? `  ERRORS ${figure.errors}` : ''}`,
      );
    }
    const journeys = runs('journey') ? await measureJourney(base, deps, built.secret, url, flagged, size) : undefined;
    const reminders = runs('reminders') ? await measureReminders(deps, database.db, url, flagged, size) : undefined;
    return { size: size.name, paths: figures, journeys, reminders, flagged };
  } finally {
    await observer.end();
    await app.close();
    await closeDatabase(database);
  }
}

export interface JourneyFigure {
  /** Over HTTP (the routes, auth and JSON included), or the services called in this process as bench:bookings does. */
  via: 'HTTP' | 'services';
  perSecond: number;
  pgbenchTps: number;
  done: number;
  failed: number;
}

/**
 * Free slots set aside for each journey run: the first ones, with a client token each, for
 * HTTP, the rest for the services; more than ten seconds of either takes on the fastest host seen.
 */
const HTTP_JOURNEYS = 8_000;
const SERVICE_JOURNEYS = 12_000;
/** Journeys walked one at a time before each timed run: connections, prepared statements. */
const JOURNEY_WARM_UP = 20;

/**
 * Create, schedule and pay (wallet) at CONNECTIONS concurrent, each run between two pgbench -N
 * runs: over HTTP (the client in a worker thread, journey-client.ts), then the same three services called
 * directly, as bench:bookings measures its journey, so the two benches' figures compare.
 */
async function measureJourney(
  base: string,
  deps: ReturnType<typeof benchDeps>,
  secret: string,
  url: string,
  flagged: string[],
  size: ScaleSize,
): Promise<JourneyFigure[]> {
  const { db } = deps;
  const items = await journeyItems(db, secret, size, HTTP_JOURNEYS + SERVICE_JOURNEYS);
  // Each run books the hours it walks, and a reused database keeps them booked.
  if (items.length < HTTP_JOURNEYS + SERVICE_JOURNEYS) {
    console.log(
      `  ${size.name}: only ${items.length} free hours left for ${HTTP_JOURNEYS + SERVICE_JOURNEYS} journeys; a run that ends early measures less. Rebuild: npm run bench:scale -- --size ${size.name} --build-only`,
    );
  }
  const tickets: JourneyTicket[] = [];
  const authorizations = new Map<string, string>();
  for (const item of items.slice(0, HTTP_JOURNEYS)) {
    let authorization = authorizations.get(item.clientId);
    if (!authorization) {
      authorization = (await tokenFor(db, secret, item.clientId, 'client')).authorization;
      authorizations.set(item.clientId, authorization);
    }
    tickets.push({ ...item, authorization });
  }
  const inServices = async (item: JourneyItem) => {
    const actor = { userId: item.clientId, role: 'client' as const, sessionId: '00000000-0000-0000-0000-000000000000' };
    const draft = await createBooking(deps, {
      actor,
      language: 'en',
      body: {
        providerIdentifier: item.providerId,
        therapyIdentifier: item.therapyId,
        modalityIdentifier: item.modalityId,
        note: null,
      },
    });
    await scheduleBooking(deps, {
      actor,
      language: 'en',
      bookingId: draft.identifier,
      body: { timeslotIdentifier: item.slotId },
    });
    const paid = await payBooking(deps, {
      actor,
      language: 'en',
      bookingId: draft.identifier,
      body: { method: 'wallet' },
    });
    if (!('status' in paid) || paid.status !== 'confirmed') throw new Error('payment not confirmed');
  };
  const http = { base, concurrency: CONNECTIONS, durationS: JOURNEY_DURATION_S, warmUp: JOURNEY_WARM_UP };
  if (explainEnabled) {
    const statements = await captureStatements(() =>
      runJourneyClient({ ...http, tickets: tickets.splice(0, 1), warmUp: 1, durationS: 0 }),
    );
    flagged.push(...(await explainStatements(url, `${size.name}: booking journey`, statements)));
  }
  const yardstick = pgbench(PGBENCH_DB);
  const figures: JourneyFigure[] = [];
  const report = (via: JourneyFigure['via'], run: JourneyClientRun, before: number, after: number) => {
    if (run.failed > 0) console.log(`  ${size.name}: ${run.failed} journeys failed; the first: ${run.firstError}`);
    const pgbenchTps = (before + after) / 2;
    console.log(
      `  ${size.name}: booking journey (${via})`.padEnd(55) +
        `${run.perSecond.toFixed(0)}/s beside pgbench -N ${before.toFixed(0)} / ${after.toFixed(0)} tps = ${((run.perSecond / pgbenchTps) * 100).toFixed(1)}%`,
    );
    figures.push({ via, perSecond: run.perSecond, pgbenchTps, done: run.done, failed: run.failed });
  };

  let before = yardstick.run();
  const overHttp = await profiled(`journey-HTTP-${size.name}`, () => runJourneyClient({ ...http, tickets }));
  report('HTTP', overHttp, before, yardstick.run());

  const serviceItems = items.slice(HTTP_JOURNEYS);
  const services = tolerant(inServices);
  await services.warmUp(serviceItems.slice(0, JOURNEY_WARM_UP));
  let next = JOURNEY_WARM_UP;
  before = yardstick.run();
  const run = await profiled(`journey-services-${size.name}`, () =>
    timed({ concurrency: CONNECTIONS, durationS: JOURNEY_DURATION_S }, () => serviceItems[next++], services.attempt),
  );
  report(
    'services',
    { ...run, failed: services.failures.count, firstError: services.failures.first },
    before,
    yardstick.run(),
  );
  return figures;
}

/**
 * The reminders job run through the day before the reminder day (the clock injected), so each
 * session's 24-hour reminder is claimed and sent once; the reminders of an earlier run are
 * removed first.
 */
async function measureReminders(
  deps: ReturnType<typeof benchDeps>,
  db: Db,
  url: string,
  flagged: string[],
  size: ScaleSize,
): Promise<SizeFigures['reminders']> {
  await db.execute(
    sql`DELETE FROM session_reminders WHERE booking_id >= bench_scale.uid(8, 0) AND booking_id < bench_scale.uid(9, 0)`,
  );
  await db.execute(sql`DELETE FROM notifications WHERE kind = 'session.reminder' AND subject_id LIKE '00000008-%'`);
  await db.execute(sql`DELETE FROM emails WHERE template LIKE 'notifications.reminder%'`);
  const [day] = await rawRows<{ day: Date }>(
    db,
    sql`SELECT min(starts_at) AS day FROM bookings WHERE id >= bench_scale.uid(8, 0) AND id < bench_scale.uid(9, 0)`,
  );
  const dayStart = new Date(day?.day as Date);
  let now = new Date(dayStart.getTime() - DAY_MS);
  const clocked = { ...deps, clock: { now: () => now } };
  if (explainEnabled) {
    now = new Date(dayStart.getTime() - DAY_MS + 60 * 60_000);
    const statements = await captureStatements(() =>
      db
        .transaction(async (tx) => {
          // Captured as the job sends them, then undone: the timed run below sends them all.
          await sendSessionReminders({ ...clocked, db: tx });
          tx.rollback();
        })
        .catch(() => undefined),
    );
    flagged.push(...(await explainStatements(url, `${size.name}: reminders job`, statements.slice(0, 12))));
    now = new Date(dayStart.getTime() - DAY_MS);
  }
  // The job runs every minute; a 24-hour reminder's window is an hour wide (REMINDER_KINDS), so a
  // run an hour apart claims what sixty would: 25 runs send the whole day's 24-hour reminders.
  const started = performance.now();
  let sessions = 0;
  let emails = 0;
  for (let hour = 0; hour <= 24; hour++) {
    now = new Date(dayStart.getTime() - DAY_MS + hour * 3_600_000);
    const sent = await sendSessionReminders(clocked);
    sessions += sent.reminded;
    emails += sent.emails;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `  ${size.name}: reminders job over one day (25 runs)          ${sessions} reminders, ${emails} emails in ${seconds.toFixed(1)} s`,
  );
  return { sessions, emails, seconds };
}

/** pgbench's scratch database, made once per run. */
export async function preparePgbench(): Promise<void> {
  const client = new pg.Client({ connectionString: urlFor('postgres') });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${PGBENCH_DB} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${PGBENCH_DB}`);
  } finally {
    await client.end();
  }
  pgbench(PGBENCH_DB).init();
}
