/**
 * Bookings benchmark: how many sessions per second clients can book and pay from their wallets,
 * beside `pgbench -N` on the same server in the same run; and how fast the API answers a crowd
 * racing for one slot.
 *
 *   npx tsx bench/bookings.ts                 (npm run bench:bookings)
 *
 * Uses DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) only to reach the server:
 * it creates a fresh database, migrates and seeds it, runs, and drops it again; pgbench gets its
 * own scratch database (pgbench -i, then -N -c 4 -T 10 before, between and after the booking
 * rounds), also dropped.
 *
 * One "booking" is a client taking a session on a free slot, as the routes call the services:
 * createBooking (one statement: provider, therapy, modality, fee and the draft) then
 * scheduleBooking (one statement: the calendar lock, taken-or-not with a fresh snapshot, the
 * calendar revision the slot identifier was listed at, the 15-minute hold under the exclusion
 * constraint, the event). The slot identifiers are signed as a listing signs them, with each
 * provider's calendar revision. Every booking gets its own slot. Goal: bookings per
 * second ≥ 30% of pgbench -N tps. This machine's speed can swing by 2× within minutes, so the
 * booking run is three rounds (BENCH_ROUNDS), each between two pgbench runs: a round's ratio is
 * its bookings per second over the mean of the pgbench runs on either side, and the verdict is
 * the median round's. Paying is measured after it, on the bookings just made:
 * payBooking with the wallet (lock, ledger posting wallet → escrow, confirm, outbox event; the
 * provider's email is the notification job's), printed as payments per second and as the whole
 * journey per booking; then the job's sending of those emails (batches of 100), per email.
 * BENCH_PROFILE=<dir> records a CPU profile of each booking round and of the payments
 * (booking-round-1.cpuprofile, …, payments.cpuprofile).
 * The race: rounds of 50 concurrent scheduleBooking calls for one slot (exactly one must win,
 * 49 answer SLOT_TAKEN); reported as answers per second.
 */
import { performance } from 'node:perf_hooks';
import { addDays, isoWeekday, zonedDate, zonedInstant } from '@app/shared/slots';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { encodeSlotId } from '../apps/api/src/modules/availability/slot-id.ts';
import { createBooking } from '../apps/api/src/modules/bookings/create-booking.ts';
import { scheduleBooking } from '../apps/api/src/modules/bookings/schedule-booking.ts';
import { payBooking } from '../apps/api/src/modules/checkout/pay-booking.ts';
import { postTransaction } from '../apps/api/src/modules/money/ledger.ts';
import { auditLedger } from '../apps/api/src/modules/money/ledger-audit.ts';
import { topUpLines } from '../apps/api/src/modules/money/postings.ts';
import { deliverBookingNotifications } from '../apps/api/src/modules/notifications/booking-emails.ts';
import { AppError } from '../apps/api/src/platform/app-error.ts';
import type { Actor } from '../apps/api/src/platform/auth-guard.ts';
import { systemClock } from '../apps/api/src/platform/clock.ts';
import { seedReferenceData } from '../apps/api/src/scripts/seed/reference.ts';
import { recordRun } from './record.ts';
import {
  benchDeps,
  closeDatabase,
  createDatabases,
  dropDatabases,
  medianRound,
  pgbench,
  profiled,
  serverUrl,
  urlFor,
} from './support.ts';
import { type TimedRun, timed } from './timed.ts';

const GOAL_RATIO = 0.3;
const PAYMENT_GOAL_RATIO = 0.3;
const PAYMENT_GOAL_CPU_MS = 1;
const JOURNEY_GOAL_RATIO = 0.15;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PROVIDERS = 120;
/**
 * Every booking stays unpaid until the payment phase, and a client may hold at most 10 unpaid
 * sessions (MAX_UNPAID_HOLDS): 4,000 clients leave room for 40,000 bookings over all rounds (a
 * quiet run whose rounds no longer slow down passed 20,000 and hit HOLD_LIMIT_REACHED).
 */
const CLIENTS = 4_000;
const FEE_MINOR = 500_000;
const PAST_BOOKINGS = 20_000;
const RACE_ROUNDS = Number(process.env.BENCH_RACE_ROUNDS ?? 20);
const RACERS = 50;
const ZONE = 'Africa/Lagos';

/** Every bookable slot start of the demo-like calendar (Monday-Friday 09:00-17:00 Lagos), from tomorrow for ~7 weeks. */
function slotStarts(now: Date): number[] {
  const starts: number[] = [];
  let date = addDays(zonedDate(now.getTime(), ZONE), 1);
  for (let day = 0; day < 50; day++, date = addDays(date, 1)) {
    if (isoWeekday(date) > 5) continue;
    for (let hour = 9; hour < 17; hour++) starts.push(zonedInstant(date, hour * 60, ZONE, 'earlier'));
  }
  return starts;
}

async function main() {
  recordRun('bookings');
  const dbName = `bench_bookings_${process.pid}`;
  const pgbenchDb = `bench_pgbench_${process.pid}`;
  await createDatabases(dbName, pgbenchDb);
  const yardstick = pgbench(pgbenchDb);
  const database = await openDatabase({ url: urlFor(dbName), poolSize: Math.max(CONCURRENCY + 2, 20) });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const raw = new pg.Client({ connectionString: urlFor(dbName) });
    await raw.connect();
    const ng = `(SELECT id FROM countries WHERE code = 'NG')`;
    await raw.query(
      `INSERT INTO users (email, role, first_name, last_name, country_id, timezone)
       SELECT 'provider' || g || '@bench.test', 'provider', 'Bench', 'Provider' || g, ${ng}, '${ZONE}'
       FROM generate_series(1, $1) g`,
      [PROVIDERS],
    );
    await raw.query(
      `INSERT INTO users (email, role, first_name, last_name, country_id, timezone)
       SELECT 'client' || g || '@bench.test', 'client', 'Bench', 'Client' || g, ${ng}, '${ZONE}'
       FROM generate_series(1, $1) g`,
      [CLIENTS],
    );
    await raw.query(
      `INSERT INTO provider_profiles (user_id, verification_status, approved_at)
       SELECT id, 'approved', now() FROM users WHERE role = 'provider'`,
    );
    // Listed providers hold a current insurance (the listing rule).
    await raw.query(
      `INSERT INTO indemnity_insurances (provider_id, storage_key, filename, content_type, size_bytes, expires_on) SELECT user_id, 'bench/insurance/' || user_id || '.pdf', 'insurance.pdf', 'application/pdf', 1024, (now() + interval '1 year')::date FROM provider_profiles`,
    );
    await raw.query(
      `INSERT INTO availability_settings (provider_id, setup_type, session_minutes)
       SELECT id, 'GENERAL', 60 FROM users WHERE role = 'provider'`,
    );
    await raw.query(
      `INSERT INTO availability_weekly_days (provider_id, day_of_week, is_available, intervals)
       SELECT u.id, d, d <= 5, CASE WHEN d <= 5 THEN '[{"startTime":"09:00","endTime":"17:00"}]'::jsonb ELSE '[]'::jsonb END
       FROM users u CROSS JOIN generate_series(1, 7) d WHERE u.role = 'provider'`,
    );
    await raw.query(
      `INSERT INTO provider_booking_fees (provider_id, fee_minor, is_free, currency_code)
       SELECT id, ${FEE_MINOR}, false, 'NGN' FROM users WHERE role = 'provider'`,
    );
    // With the calendar revision a listing would sign into each slot identifier.
    const providers = (
      await raw.query<{ id: string; revision: number }>(
        `SELECT u.id, p.calendar_revision AS revision FROM users u JOIN provider_profiles p ON p.user_id = u.id
         WHERE u.role = 'provider' ORDER BY u.email`,
      )
    ).rows;
    const clients = (await raw.query<{ id: string }>(`SELECT id FROM users WHERE role = 'client' ORDER BY email`)).rows;
    const [therapy] = (await raw.query<{ id: string }>(`SELECT id FROM therapy_categories ORDER BY position LIMIT 1`))
      .rows;
    const [modality] = (
      await raw.query<{ id: string }>(
        `SELECT id FROM preference_options WHERE list = 'modality' ORDER BY position LIMIT 1`,
      )
    ).rows;
    if (!therapy || !modality) throw new Error('reference data missing');

    const deps = benchDeps(database);
    const { config } = deps;
    for (const client of clients) {
      await postTransaction(database.db, {
        type: 'top_up',
        reference: `bench-fund:${client.id}`,
        metadata: { channel: 'card' },
        lines: topUpLines({
          userId: client.id,
          amountMinor: FEE_MINOR * 1_000,
          currencyCode: 'NGN',
          gateway: 'sandbox',
          reference: `bench-fund:${client.id}`,
        }),
      });
    }
    // A marketplace in service has a history: past sessions (and their timelines) of every
    // provider, so tables, indexes and the planner's statistics have a live system's size.
    await raw.query(
      `WITH past AS (
         INSERT INTO bookings (client_id, provider_id, therapy_category_id, modality_key, status, starts_at, ends_at,
           price_minor, currency_code, paid_at, payment_method, completed_at, created_at, updated_at)
         SELECT c.id, p.id, $1::uuid, 'video', 'completed', at, at + interval '1 hour', ${FEE_MINOR}, 'NGN',
           at - interval '1 day', 'wallet', at + interval '1 hour', at - interval '2 days', at + interval '1 hour'
         FROM generate_series(1, $2::int) g
         JOIN LATERAL (SELECT id FROM users WHERE role = 'provider' ORDER BY email OFFSET g % ${PROVIDERS} LIMIT 1) p ON true
         JOIN LATERAL (SELECT id FROM users WHERE role = 'client' ORDER BY email OFFSET g % ${CLIENTS} LIMIT 1) c ON true
         CROSS JOIN LATERAL (SELECT date_trunc('hour', now()) - g * interval '1 hour' AS at) t
         RETURNING id, completed_at
       )
       INSERT INTO booking_events (booking_id, type, actor_role, data, created_at)
       SELECT id, 'completed', 'system', '{}'::jsonb, completed_at FROM past`,
      [therapy.id, PAST_BOOKINGS],
    );
    await raw.query('VACUUM ANALYZE');
    await raw.end();

    const now = systemClock.now();
    const starts = slotStarts(now);
    // Work items: every (provider, slot) pair, interleaved across providers.
    const work: Array<{ providerId: string; slotId: string }> = [];
    for (const startMs of starts) {
      for (const provider of providers) {
        work.push({
          providerId: provider.id,
          slotId: encodeSlotId(config.APP_SECRET, {
            providerId: provider.id,
            categoryId: null,
            startMs,
            durationMinutes: 60,
            revision: provider.revision,
          }),
        });
      }
    }
    // The race uses the last slots of the list; the throughput run never gets there.
    const raceItems = work.splice(work.length - RACE_ROUNDS);
    // Work item i goes to provider i % PROVIDERS; its client steps on by one more each time round the
    // providers, so a provider sees every client once before any client again (a client may hold
    // at most 3 pending bookings with one provider: PROVIDER_HOLD_LIMIT_REACHED).
    const actorOf = (index: number): Actor => ({
      userId: (clients[(index + Math.floor(index / PROVIDERS)) % clients.length] as { id: string }).id,
      role: 'client',
      sessionId: '00000000-0000-0000-0000-000000000000',
    });
    const body = (providerId: string) => ({
      providerIdentifier: providerId,
      therapyIdentifier: therapy.id,
      modalityIdentifier: modality.id,
      note: null,
    });
    const book = async (index: number) => {
      const item = work[index];
      if (!item) throw new Error('ran out of slots');
      const actor = actorOf(index);
      const draft = await createBooking(deps, { actor, language: 'en', body: body(item.providerId) });
      await scheduleBooking(deps, {
        actor,
        language: 'en',
        bookingId: draft.identifier,
        body: { timeslotIdentifier: item.slotId },
      });
      return { actor, bookingId: draft.identifier };
    };
    const pay = async ({ actor, bookingId }: { actor: Actor; bookingId: string }) => {
      const paid = await payBooking(deps, { actor, language: 'en', bookingId, body: { method: 'wallet' } });
      if (!('status' in paid) || paid.status !== 'confirmed') throw new Error(`booking ${bookingId} not confirmed`);
    };
    const run = { concurrency: CONCURRENCY, durationS: DURATION_S };

    // pgbench runs before, between and after the booking rounds: on a shared machine other load
    // moves both figures, and each round is compared with the yardstick measured beside it.
    console.log(`pgbench -i, then -N -c 4 -T 10 on ${new URL(serverUrl).host} ...`);
    yardstick.init();
    const pgbenchRuns = [yardstick.run()];

    // Warm-up: prepared statements, connections, first ledger accounts of every provider.
    let next = 0;
    for (; next < PROVIDERS; next++) await pay(await book(next));
    // Fresh statistics after the warm-up, as autovacuum would gather in service.
    await database.db.execute(sql`ANALYZE`);
    const made: Array<{ actor: Actor; bookingId: string }> = [];
    const rounds: Array<{ booking: TimedRun; pgbenchTps: number; ratio: number }> = [];
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(
        `round ${round}: booking for ${DURATION_S} s with ${CONCURRENCY} concurrent clients, then pgbench -N ...`,
      );
      const booking = await profiled(`booking-round-${round}`, () =>
        timed(
          run,
          () => (next < work.length ? next++ : undefined),
          async (index) => made.push(await book(index)),
        ),
      );
      pgbenchRuns.push(yardstick.run());
      const pgbenchTps = ((pgbenchRuns.at(-2) as number) + (pgbenchRuns.at(-1) as number)) / 2;
      rounds.push({ booking, pgbenchTps, ratio: booking.perSecond / pgbenchTps });
    }
    const { booking, pgbenchTps, ratio } = medianRound(rounds);
    console.log(`paying those bookings from the wallet for up to ${DURATION_S} s ...`);
    let paidNext = 0;
    const paying = await profiled('payments', () => timed(run, () => made[paidNext++], pay));
    // The yardstick beside the payments too: the run before them and one right after.
    pgbenchRuns.push(yardstick.run());
    const payingPgbenchTps = ((pgbenchRuns.at(-2) as number) + (pgbenchRuns.at(-1) as number)) / 2;
    // The provider's emails of those payments, as the notification job sends them (the payment
    // leaves them in the outbox and wakes the job): batches of 100 until none is left.
    const mailCpu = process.cpuUsage();
    const mailStarted = performance.now();
    let mailed = 0;
    for (let sent = -1; sent !== 0; mailed += sent) sent = await deliverBookingNotifications(deps, { limit: 100 });
    const mailSeconds = (performance.now() - mailStarted) / 1000;
    const mailCpuUsed = process.cpuUsage(mailCpu);
    const mailCpuMsEach = (mailCpuUsed.user + mailCpuUsed.system) / 1000 / Math.max(mailed, 1);
    const perSecond = booking.perSecond;
    const journeyPerSecond = 1 / (1 / booking.perSecond + 1 / paying.perSecond);

    console.log(`racing ${RACERS} clients for one slot, ${RACE_ROUNDS} rounds ...`);
    let answers = 0;
    let winners = 0;
    let slotTaken = 0;
    let raceElapsedMs = 0;
    const raceStarted = performance.now();
    for (const [round, item] of raceItems.entries()) {
      const drafts = await Promise.all(
        Array.from({ length: RACERS }, async (_, racer) => {
          const actor = actorOf(round * RACERS + racer);
          const draft = await createBooking(deps, { actor, language: 'en', body: body(item.providerId) });
          return { actor, bookingId: draft.identifier };
        }),
      );
      const roundStarted = performance.now();
      const results = await Promise.allSettled(
        drafts.map(({ actor, bookingId }) =>
          scheduleBooking(deps, { actor, language: 'en', bookingId, body: { timeslotIdentifier: item.slotId } }),
        ),
      );
      answers += results.length;
      const won = results.filter((result) => result.status === 'fulfilled').length;
      const taken = results.filter(
        (result) =>
          result.status === 'rejected' && result.reason instanceof AppError && result.reason.code === 'SLOT_TAKEN',
      ).length;
      if (won !== 1 || taken !== RACERS - 1) {
        const other = results.flatMap((result) =>
          result.status === 'rejected' && !(result.reason instanceof AppError && result.reason.code === 'SLOT_TAKEN')
            ? [result.reason]
            : [],
        );
        console.error(other.slice(0, 3));
        throw new Error(`race round ${round}: ${won} winners, ${taken} SLOT_TAKEN`);
      }
      winners += won;
      slotTaken += taken;
      raceElapsedMs += performance.now() - roundStarted;
    }
    const raceWall = (performance.now() - raceStarted) / 1000;
    const answersPerSecond = answers / (raceElapsedMs / 1000);

    const audit = await auditLedger(database.db);
    const healthy = Object.values(audit).every((list) => list.length === 0);
    console.log('');
    console.log(`pgbench -N (4 clients)          ${pgbenchRuns.map((tps) => tps.toFixed(0)).join(', ')} tps`);
    for (const [index, round] of rounds.entries()) {
      console.log(
        `round ${index + 1}                         ${round.booking.perSecond.toFixed(0)} bookings/s beside ${round.pgbenchTps.toFixed(0)} tps = ${(round.ratio * 100).toFixed(1)}%`,
      );
    }
    console.log(
      `bookings (slot taken), median   ${perSecond.toFixed(0)} /s  (${booking.done} in ${booking.elapsed.toFixed(1)} s, ${CONCURRENCY} clients at once; Node CPU ${booking.cpuMsEach.toFixed(2)} ms each)`,
    );
    console.log(
      `wallet payments of them         ${paying.perSecond.toFixed(0)} /s  (${paying.done} in ${paying.elapsed.toFixed(1)} s; Node CPU ${paying.cpuMsEach.toFixed(2)} ms each)`,
    );
    console.log(
      `their emails, by the job        ${(mailed / mailSeconds).toFixed(0)} /s  (${mailed} in ${mailSeconds.toFixed(1)} s; Node CPU ${mailCpuMsEach.toFixed(2)} ms each)`,
    );
    console.log(
      `payments beside pgbench -N      ${((paying.perSecond / payingPgbenchTps) * 100).toFixed(1)}%  (beside ${payingPgbenchTps.toFixed(0)} tps; goal ≥ ${PAYMENT_GOAL_RATIO * 100}%; Node CPU goal ≤ ${PAYMENT_GOAL_CPU_MS} ms)`,
    );
    console.log(
      `booked and paid, whole journey  ${journeyPerSecond.toFixed(0)} /s = ${((journeyPerSecond / payingPgbenchTps) * 100).toFixed(1)}% of pgbench -N  (goal ≥ ${JOURNEY_GOAL_RATIO * 100}%)`,
    );
    console.log(
      `ratio, median round             ${(ratio * 100).toFixed(1)}%  (beside ${pgbenchTps.toFixed(0)} tps; goal ≥ ${GOAL_RATIO * 100}%)`,
    );
    console.log(
      `race for one slot               ${answersPerSecond.toFixed(0)} answers/s  (${RACE_ROUNDS} rounds × ${RACERS}: ${winners} winners, ${slotTaken} SLOT_TAKEN; ${raceWall.toFixed(1)} s with set-up)`,
    );
    console.log(`ledger audit after the run      ${healthy ? 'balanced' : JSON.stringify(audit)}`);
    if (!healthy || ratio < GOAL_RATIO) process.exitCode = 1;
  } finally {
    await closeDatabase(database);
    await dropDatabases(dbName, pgbenchDb);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
