import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalog, createBookingVia } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser } from '../../../test/factories.ts';
import { testDriver } from '../../../test/test-database.ts';
import { emails, notificationPreferences, notifications } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import type { LiveEvent } from '../../platform/realtime/bus.ts';
import { openConversationVia, sendVia } from '../messages/test-support.ts';
import { confirmedSession, parseCalendar, sessionPair } from './test-support.ts';

const START = '2027-03-01T09:00:00Z'; // Monday; Lagos is UTC+1
const clock = fixedClock(START);
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock, config: { ACCESS_TOKEN_TTL: 30 * 24 * 3600 } });
});
afterAll(() => t.close());
beforeEach(() => clock.set(START));

const get = (url: string, headers: Record<string, string>) => t.app.inject({ url, headers });
const put = (url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method: 'PUT', url, headers, payload: payload as object });
const rowsOf = (userId: string) => t.deps.db.select().from(notifications).where(eq(notifications.userId, userId));

/** Live events reaching one user's sockets in this process, from now on. */
function listen(userId: string) {
  const seen: LiveEvent[] = [];
  const stop = t.app.realtime.subscribe(userId, (event) => seen.push(event));
  return { seen, stop };
}
/**
 * Waits until `count` live events arrived (on PostgreSQL they come back through NOTIFY, which a
 * loaded machine delays), then a moment longer, so that an extra event would be seen too.
 */
async function settle(seen: unknown[], count: number) {
  const deadline = Date.now() + 10_000;
  while (seen.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('a booking tells the other party', () => {
  it('in the app (row, list, unread count, live event) and by email with the session .ics', async () => {
    const pair = await sessionPair(t);
    const live = listen(pair.provider.id);
    const { bookingId, slot } = await confirmedSession(t, pair, '2027-03-03');
    await settle(live.seen, 1);
    live.stop();

    const [row] = await rowsOf(pair.provider.id);
    expect(row).toMatchObject({
      kind: 'booking.confirmed',
      actorId: pair.client.id,
      subjectId: bookingId,
      readAt: null,
    });
    expect(row?.data).toEqual({ startAt: slot.startAt });
    expect(live.seen).toEqual([
      {
        type: 'notification.new',
        notification: expect.objectContaining({
          identifier: row?.id,
          kind: 'booking.confirmed',
          actorName: 'Bola Ade',
        }),
      },
    ]);

    const list = await get('/api/notifications', pair.provider.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      data: [
        {
          identifier: row?.id,
          kind: 'booking.confirmed',
          category: 'booking',
          actorName: 'Bola Ade',
          data: { startAt: slot.startAt },
          count: 1,
          link: `/appointments/${bookingId}/`,
          createdAt: START.replace('Z', '.000Z'),
          readAt: null,
        },
      ],
      nextCursor: null,
    });
    expect((await get('/api/notifications/unread-count', pair.provider.headers)).json()).toEqual({ count: 1 });
    // The client did it: they see their own confirmation, named after the provider.
    expect(await rowsOf(pair.client.id)).toEqual([
      expect.objectContaining({ kind: 'booking.ownConfirmed', actorId: pair.provider.id, subjectId: bookingId }),
    ]);

    const [mail] = await t.deps.db
      .select()
      .from(emails)
      .where(and(eq(emails.to, pair.provider.email), eq(emails.template, 'bookings.bookingConfirmed')));
    expect(mail?.attachments).toHaveLength(1);
    expect(mail?.attachments[0]?.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    const ics = parseCalendar(mail?.attachments[0]);
    expect(ics).toMatchObject({
      method: 'PUBLISH',
      uid: `booking-${bookingId}@localhost`,
      start: new Date(slot.startAt).toISOString(),
      end: new Date(slot.endAt).toISOString(),
      summary: 'Therapy session with Bola Ade',
      status: 'CONFIRMED',
    });
    // The file says the instant in UTC (…Z), whatever the reader's zone.
    expect(ics.text).toContain(`DTSTART:${new Date(slot.startAt).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`);
  });

  it('a cancellation carries a cancelling .ics with the same UID and a later sequence, and a notification', async () => {
    const pair = await sessionPair(t);
    const { bookingId, slot } = await confirmedSession(t, pair, '2027-03-04');
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/appointment/${bookingId}/cancel`,
      headers: pair.provider.headers,
      payload: { note: 'Unwell' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const row = (await rowsOf(pair.client.id)).find((notification) => notification.kind === 'booking.cancelled');
    expect(row).toMatchObject({ kind: 'booking.cancelled', actorId: pair.provider.id, subjectId: bookingId });
    // No free text (the reason) and no names are stored in a notification.
    expect(JSON.stringify(row?.data)).not.toContain('Unwell');
    const [mail] = await t.deps.db
      .select()
      .from(emails)
      .where(and(eq(emails.to, pair.client.email), eq(emails.template, 'bookings.cancelled')));
    const ics = parseCalendar(mail?.attachments[0]);
    expect(ics).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: `booking-${bookingId}@localhost` });
    expect(new Date(ics.start).toISOString()).toBe(new Date(slot.startAt).toISOString());
    const [confirmation] = await t.deps.db
      .select()
      .from(emails)
      .where(and(eq(emails.to, pair.provider.email), eq(emails.template, 'bookings.bookingConfirmed')));
    expect(ics.sequence).toBeGreaterThan(parseCalendar(confirmation?.attachments[0]).sequence);
  });
});

describe('reading notifications', () => {
  it('pages by cursor without gaps, marks one and all read, and hides other people’s', async () => {
    const pair = await sessionPair(t);
    // Five confirmed sessions → five notifications for the provider, one per minute.
    for (const [index, date] of ['2027-03-03', '2027-03-04', '2027-03-05', '2027-03-08', '2027-03-09'].entries()) {
      clock.set(new Date(Date.parse(START) + index * 60_000));
      await confirmedSession(t, pair, date, 1);
    }
    const first = await get('/api/notifications?limit=2', pair.provider.headers);
    expect(first.statusCode).toBe(200);
    const second = await get(`/api/notifications?limit=2&cursor=${first.json().nextCursor}`, pair.provider.headers);
    const third = await get(`/api/notifications?limit=2&cursor=${second.json().nextCursor}`, pair.provider.headers);
    const all = [...first.json().data, ...second.json().data, ...third.json().data];
    expect(all).toHaveLength(5);
    expect(third.json().nextCursor).toBeNull();
    expect(all.map((item) => item.createdAt)).toEqual([...all.map((item) => item.createdAt)].sort().reverse());
    expect(new Set(all.map((item) => item.identifier)).size).toBe(5);
    expect((await get('/api/notifications?cursor=not-a-cursor', pair.provider.headers)).statusCode).toBe(400);

    const target = all[0].identifier;
    // Someone else's notification: 404, and nothing changes.
    const stranger = await put(`/api/notifications/${target}/read`, pair.client.headers);
    expect(stranger.statusCode).toBe(404);
    expect((await get('/api/notifications/unread-count', pair.provider.headers)).json()).toEqual({ count: 5 });

    const live = listen(pair.provider.id);
    const read = await put(`/api/notifications/${target}/read`, pair.provider.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ identifier: target, readAt: clock.now().toISOString() });
    expect((await put(`/api/notifications/${target}/read`, pair.provider.headers)).json().readAt).toBe(
      read.json().readAt,
    );
    expect((await get('/api/notifications/unread-count', pair.provider.headers)).json()).toEqual({ count: 4 });

    const readAll = await put('/api/notifications/read-all', pair.provider.headers);
    expect(readAll.json()).toEqual({ updated: 4 });
    expect((await get('/api/notifications/unread-count', pair.provider.headers)).json()).toEqual({ count: 0 });
    const rows = await rowsOf(pair.provider.id);
    expect(rows.every((row) => row.readAt !== null)).toBe(true);
    await settle(live.seen, 3);
    live.stop();
    expect(live.seen).toEqual([
      { type: 'notification.read', identifiers: [target] },
      { type: 'notification.read', identifiers: [target] },
      { type: 'notification.read', identifiers: 'all' },
    ]);
  });

  it('needs a signed-in user on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['PUT', '/api/notifications/read-all'],
      ['PUT', '/api/notifications/00000000-0000-4000-8000-000000000000/read'],
      ['GET', '/api/notifications/preferences'],
      ['PUT', '/api/notifications/preferences'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });
});

describe('messages', () => {
  it('fold into one unread notification per conversation, counted; a read one starts a new one', async () => {
    const pair = await sessionPair(t);
    await confirmedSession(t, pair, '2027-03-03');
    const conversation = await openConversationVia(t, pair.client, pair.provider);
    await sendVia(t, pair.client, conversation, 'Hello');
    await sendVia(t, pair.client, conversation, 'Are you there?');
    let rows = (await rowsOf(pair.provider.id)).filter((row) => row.kind === 'message.received');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ count: 2, subjectId: conversation, actorId: pair.client.id });
    expect(JSON.stringify(rows[0]?.data)).not.toContain('Hello');
    await put('/api/notifications/read-all', pair.provider.headers);
    await sendVia(t, pair.client, conversation, 'Third');
    rows = (await rowsOf(pair.provider.id)).filter((row) => row.kind === 'message.received');
    expect(rows.map((row) => [row.count, row.readAt === null])).toEqual(
      expect.arrayContaining([
        [2, false],
        [1, true],
      ]),
    );
    const listed = await get('/api/notifications', pair.provider.headers);
    const unread = listed
      .json()
      .data.find((item: { kind: string; readAt: string | null }) => item.kind === 'message.received' && !item.readAt);
    expect(unread).toMatchObject({ count: 1, actorName: 'Bola Ade', link: `/messages/${conversation}/` });
  });
});

describe('preferences', () => {
  it('lists every category with its channels, defaults on', async () => {
    const user = await createTestUser(t, { role: 'client' });
    const response = await get('/api/notifications/preferences', user.headers);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.find((row: { category: string }) => row.category === 'booking')).toEqual({
      category: 'booking',
      inApp: true,
      email: true,
      emailChannel: 'optional',
    });
    expect(data.find((row: { category: string }) => row.category === 'payment')).toMatchObject({
      email: true,
      emailChannel: 'always',
    });
    expect(data.find((row: { category: string }) => row.category === 'message')).toMatchObject({
      email: true,
      emailChannel: 'optional',
    });
    expect(data.find((row: { category: string }) => row.category === 'review')).toMatchObject({
      email: true,
      emailChannel: 'optional',
    });
    expect(data.find((row: { category: string }) => row.category === 'payout')).toMatchObject({
      email: null,
      emailChannel: 'none',
    });
  });

  it('turning a category off in the app stops its notifications; turning email off stops its emails', async () => {
    const pair = await sessionPair(t);
    const saved = await put('/api/notifications/preferences', pair.provider.headers, {
      preferences: [
        { category: 'booking', channel: 'inApp', enabled: false },
        { category: 'booking', channel: 'email', enabled: false },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data[0]).toEqual({ category: 'booking', inApp: false, email: false, emailChannel: 'optional' });
    await confirmedSession(t, pair, '2027-03-03');
    expect(await rowsOf(pair.provider.id)).toEqual([]);
    expect(
      await t.deps.db
        .select()
        .from(emails)
        .where(and(eq(emails.to, pair.provider.email), eq(emails.template, 'bookings.bookingConfirmed'))),
    ).toEqual([]);
  });

  it('refuses switching an email that is always sent, or one that does not exist; nothing is stored', async () => {
    const user = await createTestUser(t, { role: 'client' });
    for (const category of ['payment', 'payout']) {
      const response = await put(
        '/api/notifications/preferences',
        { ...user.headers, 'x-language': 'de' },
        {
          preferences: [
            { category: 'booking', channel: 'inApp', enabled: false },
            { category, channel: 'email', enabled: false },
          ],
        },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors.preferences).toEqual([
        'Für diese Art von Ereignis gibt es keine E-Mail, die du abschalten kannst.',
      ]);
    }
    const bad = await put('/api/notifications/preferences', user.headers, {
      preferences: [{ category: 'weather', channel: 'inApp', enabled: false }],
    });
    expect(bad.statusCode).toBe(400);
    expect(
      await t.deps.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id)),
    ).toEqual([]);
  });
});

describe('GET /booking/{id}/calendar.ics', () => {
  it('gives either participant the session, anyone else 404, and a session without a confirmed time 409', async () => {
    const pair = await sessionPair(t);
    const { bookingId, slot } = await confirmedSession(t, pair, '2027-03-05');
    for (const user of [pair.client, pair.provider]) {
      const response = await get(`/api/booking/${bookingId}/calendar.ics`, { ...user.headers, 'x-language': 'de' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="session.ics"');
      const ics = parseCalendar({
        filename: 'session.ics',
        contentType: 'text/calendar',
        contentBase64: Buffer.from(response.body).toString('base64'),
      });
      expect(new Date(ics.start).toISOString()).toBe(new Date(slot.startAt).toISOString());
      expect(ics.summary).toBe(`Therapiesitzung mit ${user === pair.client ? 'Ada Obi' : 'Bola Ade'}`);
    }
    const stranger = await createTestUser(t, { role: 'client' });
    expect((await get(`/api/booking/${bookingId}/calendar.ics`, stranger.headers)).statusCode).toBe(404);
    const draft = await createBookingVia(t, pair.client, pair.provider, await catalog(t));
    const pending = await get(`/api/booking/${draft.identifier}/calendar.ics`, pair.client.headers);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().code).toBe('CALENDAR_NOT_AVAILABLE');
  });
});

describe.runIf(testDriver === 'pg')('notifications under concurrency (PostgreSQL)', () => {
  it('messages sent at once still fold into one unread notification with the right count', async () => {
    const pair = await sessionPair(t);
    await confirmedSession(t, pair, '2027-03-05', 4);
    const conversation = await openConversationVia(t, pair.client, pair.provider);
    await Promise.all(Array.from({ length: 6 }, (_, i) => sendVia(t, pair.client, conversation, `m${i}`)));
    const rows = (await rowsOf(pair.provider.id)).filter((row) => row.kind === 'message.received');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.count).toBe(6);
  });
});
