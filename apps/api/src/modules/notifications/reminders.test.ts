import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listedSlot } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { bookings, emails, notifications, sessionReminders } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { rawRows } from '../../platform/prepared.ts';
import { sendSessionReminders } from './reminders.ts';
import { confirmedSession, parseCalendar, sessionPair } from './test-support.ts';

const START = '2027-03-01T09:00:00Z'; // Monday
const clock = fixedClock(START);
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock, config: { ACCESS_TOKEN_TTL: 30 * 24 * 3600 } });
});
afterAll(() => t.close());
beforeEach(() => clock.set(START));

const minutes = (n: number) => n * 60_000;
const at = (iso: string, offsetMs: number) => new Date(Date.parse(iso) + offsetMs);
const reminderMails = (to: string) =>
  t.deps.db
    .select()
    .from(emails)
    .where(and(eq(emails.to, to.toLowerCase()), like(emails.template, 'notifications.reminder%')));
const run = async (when: Date) => {
  clock.set(when);
  return sendSessionReminders(t.deps);
};

describe('session reminders', () => {
  it('remind every session of a busy hour once, more than a batch of them starting at one moment', async () => {
    const pair = await sessionPair(t);
    const { bookingId, slot } = await confirmedSession(t, pair, '2027-03-04');
    // 120 more sessions at the very same start, each with its own therapist (one provider's
    // sessions cannot overlap): copies of the booked one, made in the database.
    const copies = 120;
    await t.deps.db.execute(sql`
      INSERT INTO users (id, email, role, first_name, last_name, email_verified_at)
      SELECT ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'busy-hour-' || n || '@example.test',
             'provider', 'Zoë', 'Ó Briain-' || n, now()
        FROM generate_series(1, ${copies}) AS n`);
    const [shape] = await rawRows<{ columns: string }>(
      t.deps.db,
      sql`SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) AS columns
            FROM information_schema.columns
           WHERE table_schema = 'public' AND table_name = 'bookings' AND column_name NOT IN ('id', 'provider_id')
             AND is_generated = 'NEVER'`,
    );
    const columns = shape?.columns ?? '';
    await t.deps.db.execute(sql`
      INSERT INTO bookings (id, provider_id, ${sql.raw(columns)})
      SELECT gen_random_uuid(), ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, ${sql.raw(columns)}
        FROM bookings, generate_series(1, ${copies}) AS n
       WHERE bookings.id = ${bookingId}`);

    const first = await run(at(slot.startAt, -minutes(24 * 60 - 1)));
    expect(first.reminded).toBe(copies + 1);
    const reminded = await t.deps.db
      .select({ bookingId: sessionReminders.bookingId })
      .from(sessionReminders)
      .where(eq(sessionReminders.kind, '24h'));
    const sameStart = await t.deps.db.$count(
      bookings,
      and(eq(bookings.status, 'confirmed'), eq(bookings.startsAt, new Date(slot.startAt))),
    );
    expect(sameStart).toBe(copies + 1);
    expect(new Set(reminded.map((row) => row.bookingId)).size).toBe(reminded.length);
    expect((await run(at(slot.startAt, -minutes(24 * 60 - 2)))).reminded).toBe(0);
  });

  it('send one 24 h and one 1 h reminder to both people, in their language and zone, with the .ics', async () => {
    const pair = await sessionPair(t, { clientLanguage: 'de', clientZone: 'Europe/Berlin' });
    const { bookingId, slot } = await confirmedSession(t, pair, '2027-03-03');
    const start = slot.startAt;

    await run(at(start, -minutes(24 * 60 + 1)));
    expect(await reminderMails(pair.client.email)).toEqual([]);

    await run(at(start, -minutes(24 * 60 - 1)));
    await run(at(start, -minutes(24 * 60 - 5))); // again: nothing new
    const clientMails = await reminderMails(pair.client.email);
    expect(clientMails.map((mail) => mail.template)).toEqual(['notifications.reminder24h']);
    const [german] = clientMails;
    expect(german?.language).toBe('de');
    // 08:00 UTC is 09:00 in Berlin (CET) on 3 March.
    expect(german?.subject).toBe('Erinnerung: Deine Sitzung am Mittwoch, 3. März 2027 um 09:00 MEZ');
    expect(german?.text).toContain('deine Sitzung mit Ada Obi');
    const ics = parseCalendar(german?.attachments[0]);
    expect(ics).toMatchObject({
      method: 'PUBLISH',
      uid: `booking-${bookingId}@localhost`,
      summary: 'Therapiesitzung mit Ada Obi',
    });
    expect(ics.start).toBe(new Date(start).toISOString());
    const providerMails = await reminderMails(pair.provider.email);
    expect(providerMails.map((mail) => [mail.template, mail.language])).toEqual([['notifications.reminder24h', 'en']]);
    expect(providerMails[0]?.subject).toBe('Reminder: your session on Wednesday, 3 March 2027 at 09:00 GMT+1');

    await run(at(start, -minutes(59)));
    await run(at(start, -minutes(50)));
    expect((await reminderMails(pair.client.email)).map((mail) => mail.template).sort()).toEqual([
      'notifications.reminder1h',
      'notifications.reminder24h',
    ]);
    expect((await reminderMails(pair.provider.email)).length).toBe(2);
    const inApp = await t.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, pair.client.id), eq(notifications.kind, 'session.reminder')));
    expect(inApp.map((row) => row.data.reminder).sort()).toEqual(['1h', '24h']);
    expect(
      await t.deps.db.select().from(sessionReminders).where(eq(sessionReminders.bookingId, bookingId)),
    ).toHaveLength(2);
  });

  it('send nothing for a cancelled session', async () => {
    const pair = await sessionPair(t);
    const { bookingId, slot } = await confirmedSession(t, pair, '2027-03-04');
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${bookingId}/cancel`,
      headers: pair.client.headers,
      payload: { note: 'Cannot make it' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await run(at(slot.startAt, -minutes(24 * 60 - 1)));
    await run(at(slot.startAt, -minutes(59)));
    expect(await reminderMails(pair.client.email)).toEqual([]);
    expect(await reminderMails(pair.provider.email)).toEqual([]);
  });

  it('a moved session gets its reminders at the new time, none at the old one', async () => {
    const pair = await sessionPair(t);
    const { bookingId, slot: old } = await confirmedSession(t, pair, '2027-03-04', 1);
    // The 24 h reminder of the old time goes out; then the session moves to the next day.
    await run(at(old.startAt, -minutes(24 * 60 - 1)));
    expect(await reminderMails(pair.client.email)).toHaveLength(1);
    clock.set(at(old.startAt, -minutes(20 * 60)));
    const next = await listedSlot(t, pair.provider.id, '2027-03-05', 3);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${bookingId}/reschedule`,
      headers: pair.client.headers,
      payload: { timeslotIdentifier: next.identifier },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // Within 48 h of the session the provider must accept the move.
    expect(moved.json().rescheduleInfo.status).toBe('pending');
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/appointment/${bookingId}/reschedule-update`,
      headers: pair.provider.headers,
      payload: { status: 'accepted' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().startAt).toBe(next.startAt);

    // The old time's 1 h moment: nothing (the session is not there any more).
    await run(at(old.startAt, -minutes(59)));
    expect(await reminderMails(pair.client.email)).toHaveLength(1);

    await run(at(next.startAt, -minutes(24 * 60 - 1)));
    await run(at(next.startAt, -minutes(59)));
    const mails = await reminderMails(pair.client.email);
    expect(mails.map((mail) => mail.template)).toEqual([
      'notifications.reminder24h',
      'notifications.reminder24h',
      'notifications.reminder1h',
    ]);
    const newer = mails.slice(1).map((mail) => parseCalendar(mail.attachments[0]));
    for (const ics of newer) expect(ics.start).toBe(new Date(next.startAt).toISOString());
    expect(newer[0]?.sequence).toBeGreaterThan(parseCalendar(mails[0]?.attachments[0]).sequence);
  });

  it('skips a reminder whose moment passed more than its grace ago (a session booked late)', async () => {
    const pair = await sessionPair(t);
    clock.set('2027-03-04T12:00:00Z');
    const { slot } = await confirmedSession(t, pair, '2027-03-05', 0); // 08:00Z next day: 20 h ahead
    await run(new Date('2027-03-04T12:01:00Z'));
    expect(await reminderMails(pair.client.email)).toEqual([]);
    await run(at(slot.startAt, -minutes(30)));
    expect((await reminderMails(pair.client.email)).map((mail) => mail.template)).toEqual(['notifications.reminder1h']);
  });

  it('respects a person who turned reminder emails off: the app still tells them', async () => {
    const pair = await sessionPair(t);
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: pair.provider.headers,
      payload: { preferences: [{ category: 'reminder', channel: 'email', enabled: false }] },
    });
    expect(off.statusCode).toBe(200);
    const { slot } = await confirmedSession(t, pair, '2027-03-08', 2);
    await run(at(slot.startAt, -minutes(59)));
    expect(await reminderMails(pair.provider.email)).toEqual([]);
    expect(await reminderMails(pair.client.email)).toHaveLength(1);
    const inApp = await t.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, pair.provider.id), eq(notifications.kind, 'session.reminder')));
    expect(inApp).toHaveLength(1);
  });
});
