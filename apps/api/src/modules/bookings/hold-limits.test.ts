import { MAX_UNPAID_HOLDS, MAX_UNPAID_HOLDS_PER_PROVIDER } from '@app/shared/booking-rules';
import { and, eq, gt, isNotNull } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Catalog,
  catalog,
  createBookingVia,
  createProvider,
  createSeriesVia,
  payWithWallet,
  postSeries,
} from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { testDriver } from '../../../test/test-database.ts';
import { bookings } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { fundWallet } from '../money/test-helpers.ts';

const DAY = '2027-03-02'; // a Tuesday; providers work 09:00-17:00 Lagos time: 8 one-hour slots

async function freeSlots(t: TestApp, providerId: string, date = DAY): Promise<string[]> {
  const response = await t.app.inject({ url: `/api/providers-availability/${providerId}/timeslot/${date}` });
  expect(response.statusCode).toBe(200);
  return response.json().days[0].timeSlot.map((slot: { identifier: string }) => slot.identifier);
}

function schedule(t: TestApp, client: TestUser, bookingId: string, slotId: string, language = 'en') {
  return t.app.inject({
    method: 'POST',
    url: `/api/booking/${bookingId}/schedule`,
    headers: { ...client.headers, 'x-language': language },
    payload: { timeslotIdentifier: slotId },
  });
}

async function holdsOf(t: TestApp, clientId: string) {
  return t.deps.db
    .select({ id: bookings.id, providerId: bookings.providerId, seriesId: bookings.seriesId })
    .from(bookings)
    .where(
      and(
        eq(bookings.clientId, clientId),
        eq(bookings.status, 'pending'),
        isNotNull(bookings.startsAt),
        gt(bookings.holdExpiresAt, t.deps.clock.now()),
      ),
    );
}

describe('fair holds: caps on unpaid holds per client', () => {
  const clock = fixedClock('2027-03-01T09:00:00Z');
  let t: TestApp;
  let ids: Catalog;
  beforeAll(async () => {
    t = await buildTestApp({
      clock,
      // Tokens outlive the 15 minutes a hold lasts (a test lets holds lapse).
      config: { ACCESS_TOKEN_TTL: 3600, rateLimits: { holdCreationPerUser: { max: 1000, windowSeconds: 600 } } },
    });
    ids = await catalog(t);
  });
  afterAll(() => t.close());

  it('an unpaid client cannot hold every free slot of a provider: the fourth hold is refused, in en and de', async () => {
    clock.set('2027-03-01T09:00:00Z');
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client' });
    const slots = await freeSlots(t, provider.id);
    expect(slots).toHaveLength(8);

    const answers = [];
    for (const slot of slots) {
      const draft = await createBookingVia(t, client, provider, ids);
      answers.push(await schedule(t, client, draft.identifier, slot, answers.length % 2 ? 'de' : 'en'));
    }
    expect(answers.slice(0, MAX_UNPAID_HOLDS_PER_PROVIDER).map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const refused = answers.slice(MAX_UNPAID_HOLDS_PER_PROVIDER);
    expect(refused.every((answer) => answer.statusCode === 409)).toBe(true);
    expect(refused[0]?.json()).toMatchObject({
      code: 'PROVIDER_HOLD_LIMIT_REACHED',
      message:
        'Du hast bei dieser Therapeutin bzw. diesem Therapeuten schon 3 unbezahlte Buchungen. Bezahle oder storniere zuerst eine davon, bevor du eine weitere buchst.',
    });
    expect(refused[1]?.json().message).toBe(
      'You already have 3 unpaid bookings with this therapist. Pay for or cancel one of them before booking another.',
    );

    // Nothing of the refused ones holds a slot; the other five stay free for everyone else.
    expect(await holdsOf(t, client.id)).toHaveLength(3);
    expect(await freeSlots(t, provider.id)).toHaveLength(5);
    const other = await createTestUser(t, { role: 'client' });
    const theirs = await createBookingVia(t, other, provider, ids);
    expect((await schedule(t, other, theirs.identifier, slots[7] as string)).statusCode).toBe(200);
  });

  it('paying, cancelling or letting a hold lapse frees room for another', async () => {
    clock.set('2027-03-01T09:00:00Z');
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client' });
    await fundWallet(t, client.id, 5_000_000);
    const slots = await freeSlots(t, provider.id);
    const held = [];
    for (const slot of slots.slice(0, 3)) {
      const draft = await createBookingVia(t, client, provider, ids);
      expect((await schedule(t, client, draft.identifier, slot)).statusCode).toBe(200);
      held.push(draft.identifier);
    }
    const next = await createBookingVia(t, client, provider, ids);
    expect((await schedule(t, client, next.identifier, slots[3] as string)).statusCode).toBe(409);

    await payWithWallet(t, client, held[0] as string); // paid: no longer a hold
    expect((await schedule(t, client, next.identifier, slots[3] as string)).statusCode).toBe(200);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${held[1]}/cancel`,
      headers: client.headers,
      payload: { note: 'Changed my mind' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const fifth = await createBookingVia(t, client, provider, ids);
    expect((await schedule(t, client, fifth.identifier, slots[4] as string)).statusCode).toBe(200);

    const sixth = await createBookingVia(t, client, provider, ids);
    expect((await schedule(t, client, sixth.identifier, slots[5] as string)).statusCode).toBe(409);
    clock.advance(15 * 60_000 + 1000); // every hold lapsed
    const later = await schedule(t, client, sixth.identifier, slots[5] as string);
    expect(later.statusCode, later.body).toBe(200);
  });

  it('moving a held booking to another slot does not count twice', async () => {
    clock.set('2027-03-01T09:00:00Z');
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client' });
    const slots = await freeSlots(t, provider.id);
    const drafts = [];
    for (const slot of slots.slice(0, 3)) {
      const draft = await createBookingVia(t, client, provider, ids);
      expect((await schedule(t, client, draft.identifier, slot)).statusCode).toBe(200);
      drafts.push(draft.identifier);
    }
    const moved = await schedule(t, client, drafts[2] as string, slots[6] as string);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await holdsOf(t, client.id)).toHaveLength(3);
  });

  it('counts at most 10 unpaid holds across providers, a series as one', async () => {
    clock.set('2027-03-01T09:00:00Z');
    const client = await createTestUser(t, { role: 'client' });
    const providers = [];
    for (let i = 0; i < 4; i += 1) providers.push(await createProvider(t));
    let taken = 0;
    for (const provider of providers.slice(0, 3)) {
      const slots = await freeSlots(t, provider.id);
      for (const slot of slots.slice(0, 3)) {
        const draft = await createBookingVia(t, client, provider, ids);
        expect((await schedule(t, client, draft.identifier, slot)).statusCode).toBe(200);
        taken += 1;
      }
    }
    expect(taken).toBe(9);
    const last = providers[3] as TestUser;
    const lastSlots = await freeSlots(t, last.id);
    await createSeriesVia(t, client, last, ids, { slotId: lastSlots[0] as string, occurrences: 4 });
    const eleventh = await createBookingVia(t, client, last, ids);
    const refused = await schedule(t, client, eleventh.identifier, lastSlots[1] as string);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'HOLD_LIMIT_REACHED',
      message: `You can hold at most ${MAX_UNPAID_HOLDS} unpaid sessions at a time. Pay for or cancel some of them first.`,
    });
    expect(await holdsOf(t, client.id)).toHaveLength(9 + 4);
  });

  it('a series is one hold with its provider, whatever its length; free ones hold nothing', async () => {
    clock.set('2027-03-01T09:00:00Z');
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client' });
    const slots = await freeSlots(t, provider.id);
    const series = (slot: string, occurrences: number, who: TestUser = client, to: TestUser = provider) =>
      postSeries(t, who, to, ids, { timeslotIdentifier: slot, occurrences });
    expect((await series(slots[0] as string, 11)).statusCode).toBe(200);
    expect((await series(slots[1] as string, 3)).statusCode).toBe(200);
    expect(await holdsOf(t, client.id)).toHaveLength(14);
    const draft = await createBookingVia(t, client, provider, ids);
    expect((await schedule(t, client, draft.identifier, slots[2] as string)).statusCode).toBe(200);
    expect((await series(slots[3] as string, 2)).json().code).toBe('PROVIDER_HOLD_LIMIT_REACHED');

    const freeProvider = await createProvider(t, { fee: 0 });
    const freeSlotsOf = await freeSlots(t, freeProvider.id);
    expect((await series(freeSlotsOf[0] as string, 12, client, freeProvider)).statusCode).toBe(200);
    expect(await holdsOf(t, client.id)).toHaveLength(15);
  });
});

describe('fair holds: a rate limit on creating holds', () => {
  it('counts POST /booking, /schedule and /series together per client, with a 429', async () => {
    const t = await buildTestApp({
      clock: fixedClock('2027-03-01T09:00:00Z'),
      config: { rateLimits: { holdCreationPerUser: { max: 3, windowSeconds: 600 } } },
    });
    const ids = await catalog(t);
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client' });
    const slots = await freeSlots(t, provider.id);
    const draft = await createBookingVia(t, client, provider, ids);
    expect((await schedule(t, client, draft.identifier, slots[0] as string)).statusCode).toBe(200);
    expect((await schedule(t, client, draft.identifier, slots[1] as string)).statusCode).toBe(200);
    const blocked = await schedule(t, client, draft.identifier, slots[2] as string);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('TOO_MANY_REQUESTS');
    // Another client is not affected.
    const other = await createTestUser(t, { role: 'client' });
    expect((await createBookingVia(t, other, provider, ids)).identifier).toBeTruthy();
    await t.close();
  });
});

/** Concurrent holds of one client are decided one after another: never past a cap. */
describe.runIf(testDriver === 'pg')('fair holds under concurrency (PostgreSQL)', () => {
  const clock = fixedClock('2027-03-01T09:00:00Z');
  let t: TestApp;
  let ids: Catalog;
  beforeAll(async () => {
    t = await buildTestApp({
      clock,
      config: { rateLimits: { holdCreationPerUser: { max: 1000, windowSeconds: 600 } } },
    });
    ids = await catalog(t);
  });
  afterAll(() => t.close());

  it('8 simultaneous holds with one provider: exactly 3 win, 5 are refused', async () => {
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client' });
    const slots = await freeSlots(t, provider.id);
    const drafts = [];
    for (const _ of slots) drafts.push(await createBookingVia(t, client, provider, ids));
    const answers = await Promise.all(
      drafts.map((draft, i) => schedule(t, client, draft.identifier, slots[i] as string)),
    );
    const codes = answers.map((answer) => (answer.statusCode === 200 ? 'ok' : answer.json().code));
    expect(codes.filter((code) => code === 'ok')).toHaveLength(MAX_UNPAID_HOLDS_PER_PROVIDER);
    expect(codes.filter((code) => code === 'PROVIDER_HOLD_LIMIT_REACHED')).toHaveLength(
      slots.length - MAX_UNPAID_HOLDS_PER_PROVIDER,
    );
    expect(await holdsOf(t, client.id)).toHaveLength(MAX_UNPAID_HOLDS_PER_PROVIDER);
  });

  it('24 simultaneous holds across 8 providers (and series among them): never more than 10 holds', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const providers = [];
    for (let i = 0; i < 8; i += 1) providers.push(await createProvider(t));
    const requests = [];
    for (const provider of providers) {
      const slots = await freeSlots(t, provider.id);
      for (const slot of slots.slice(0, 2)) {
        const draft = await createBookingVia(t, client, provider, ids);
        requests.push(() => schedule(t, client, draft.identifier, slot));
      }
      requests.push(() => postSeries(t, client, provider, ids, { timeslotIdentifier: slots[5], occurrences: 2 }));
    }
    const answers = await Promise.all(requests.map((send) => send()));
    expect(answers.every((answer) => [200, 409].includes(answer.statusCode))).toBe(true);
    const held = await holdsOf(t, client.id);
    const holds = new Set(held.map((row) => row.seriesId ?? row.id));
    expect(holds.size).toBe(MAX_UNPAID_HOLDS);
    const perProvider = new Map<string, number>();
    for (const row of held) perProvider.set(row.providerId, (perProvider.get(row.providerId) ?? 0) + 1);
    for (const count of perProvider.values()) expect(count).toBeLessThanOrEqual(4); // 2 singles + a series of 2
  });
});

describe.runIf(testDriver === 'pg')('counting a client’s holds as holds pile up (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z') });
  });
  afterAll(() => t.close());

  it('reads the client’s own bookings, not every live hold, when the statistics last saw no pending booking', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    const client = await createTestUser(t, { role: 'client' });
    const crowd = await createTestUser(t, { role: 'client' });
    const pool = (t.deps.db as unknown as { $client: pg.Pool }).$client;
    const db = await pool.connect();
    try {
      const hold = (clientId: string, hours: string) => `
        INSERT INTO bookings (client_id, provider_id, status, starts_at, ends_at, hold_expires_at, price_minor)
        SELECT '${clientId}', '${provider.id}', 'pending', at, at + interval '1 hour', now() + interval '15 minutes', 500000
        FROM generate_series(${hours}) h CROSS JOIN LATERAL (SELECT now() + h * interval '1 hour' AS at) slot
        RETURNING id`;
      // A hold that came and went, then ANALYZE: bookings_pending_hold_idx has a page and, by its
      // statistics, no rows (pg_class.reltuples 0), as after a quiet hour in service.
      await db.query(`${hold(crowd.id, '1, 1')}`);
      await db.query(`UPDATE bookings SET status = 'expired', previous_status = 'pending', hold_expires_at = NULL`);
      await db.query('ANALYZE bookings');
      await db.query(hold(crowd.id, '2, 401'));
      await db.query(hold(client.id, '402, 403'));

      const plans: string[] = [];
      db.on('notice', (notice) => plans.push(notice.message ?? ''));
      await db.query(`LOAD 'auto_explain'`);
      await db.query(`SET auto_explain.log_min_duration = 0; SET auto_explain.log_nested_statements = on;
        SET auto_explain.log_level = notice`);
      const { rows } = await db.query<{ counts: number[] }>(
        `SELECT booking_client_hold_counts($1, $2, now(), '00000000-0000-0000-0000-000000000000') AS counts`,
        [client.id, provider.id],
      );
      expect(rows[0]?.counts).toEqual([2, 2]);
      const count = plans.find((plan) => plan.includes('count(DISTINCT coalesce(series_id, id))'));
      expect(count).toBeDefined();
      expect(count).not.toContain('bookings_pending_hold_idx');
    } finally {
      db.release();
    }
  });
});
