import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type Catalog,
  catalog,
  createBookingVia,
  createProvider,
  listedSlot,
  payWithWallet,
  scheduleVia,
} from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { calendarFeedTokens } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { fundWallet } from '../money/test-helpers.ts';
import { feedTokenHash } from './feed-token.ts';

const START = '2027-03-01T09:00:00Z';
const clock = fixedClock(START);
let t: TestApp;
let ids: Catalog;

beforeAll(async () => {
  t = await buildTestApp({ clock, config: { ACCESS_TOKEN_TTL: 30 * 24 * 3600 } });
  ids = await catalog(t);
});
afterAll(() => t.close());
beforeEach(() => clock.set(START));

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, user?: TestUser, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, ...(user ? { headers: user.headers } : {}), ...(payload ? { payload } : {}) });

/** A free provider and a client with names in other scripts, and a confirmed session on 2027-03-05. */
async function session(options: { clientLanguage?: 'en' | 'de' } = {}) {
  const provider = await createProvider(t, { firstName: 'Jürgen', lastName: 'Müller-Lüdenscheidt' });
  const client = await createTestUser(t, {
    role: 'client',
    firstName: "Chiamaka O'Neil-Adébáyọ̀",
    lastName: '李小龍',
    language: options.clientLanguage,
  });
  const booking = await createBookingVia(t, client, provider, ids);
  const slot = await listedSlot(t, provider.id, '2027-03-05');
  await scheduleVia(t, client, booking.identifier, slot.identifier);
  await fundWallet(t, client.id, 500_000);
  const paid = await payWithWallet(t, client, booking.identifier);
  expect(paid.status).toBe('confirmed');
  return { provider, client, bookingId: booking.identifier, slot };
}

async function makeFeed(user: TestUser) {
  const response = await call('POST', '/api/calendar-feed/token', user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { httpsUrl: string; webcalUrl: string; showNames: boolean };
}

/** Fetches a feed address as a calendar app would (no session) and reads it with ical.js. */
async function readFeed(httpsUrl: string) {
  const url = new URL(httpsUrl);
  const response = await t.app.inject({ url: `${url.pathname}${url.search}` });
  const events =
    response.statusCode === 200
      ? new ICAL.Component(ICAL.parse(response.body)).getAllSubcomponents('vevent').map((event) => ({
          uid: String(event.getFirstPropertyValue('uid')),
          sequence: Number(event.getFirstPropertyValue('sequence')),
          start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
          end: (event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
          status: String(event.getFirstPropertyValue('status')),
          summary: String(event.getFirstPropertyValue('summary')),
          description: String(event.getFirstPropertyValue('description')),
        }))
      : [];
  return { response, events };
}

describe('a person’s calendar feed', () => {
  it('has no address until the person makes one, then https and webcal forms of one address', async () => {
    const { client } = await session();
    const before = await call('GET', '/api/calendar-feed', client);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ httpsUrl: null, webcalUrl: null, showNames: false });

    const feed = await makeFeed(client);
    expect(feed.httpsUrl).toMatch(
      /^http:\/\/localhost(:\d+)?\/api\/calendar-feed\/sessions\.ics\?token=[A-Za-z0-9_-]{43}$/,
    );
    expect(feed.webcalUrl).toBe(feed.httpsUrl.replace(/^https?:/, 'webcal:'));
    expect((await call('GET', '/api/calendar-feed', client)).json()).toEqual(feed);

    // Only a hash of the token is stored.
    const token = new URL(feed.httpsUrl).searchParams.get('token') as string;
    const [row] = await t.deps.db.select().from(calendarFeedTokens).where(eq(calendarFeedTokens.userId, client.id));
    expect(row?.tokenHash).toBe(feedTokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('lists the session with a stable UID, a higher SEQUENCE after a move and STATUS:CANCELLED after a cancellation', async () => {
    const { provider, client, bookingId, slot } = await session();
    const clientFeed = await makeFeed(client);
    const providerFeed = await makeFeed(provider);

    const first = await readFeed(clientFeed.httpsUrl);
    expect(first.response.statusCode).toBe(200);
    expect(first.response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(first.response.headers['cache-control']).toBe('private, max-age=300');
    expect(first.events).toHaveLength(1);
    const original = first.events[0];
    expect(original).toMatchObject({
      start: slot.startAt,
      end: slot.endAt,
      status: 'CONFIRMED',
      summary: 'Therapy session',
    });
    expect(original?.uid).toContain(bookingId);
    // The provider's feed shows the same entry.
    expect((await readFeed(providerFeed.httpsUrl)).events.map((event) => event.uid)).toEqual([original?.uid]);

    const target = await listedSlot(t, provider.id, '2027-03-08', 1);
    const moved = await call('POST', `/api/appointment/${bookingId}/reschedule`, provider, {
      timeslotIdentifier: target.identifier,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'confirmed', startAt: target.startAt });
    const afterMove = await readFeed(clientFeed.httpsUrl);
    expect(afterMove.events).toHaveLength(1);
    expect(afterMove.events[0]).toMatchObject({ uid: original?.uid, start: target.startAt, status: 'CONFIRMED' });
    expect(afterMove.events[0]?.sequence).toBeGreaterThan(original?.sequence ?? 0);

    const cancelled = await call('POST', `/api/booking/${bookingId}/cancel`, client, { note: 'Travelling' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    for (const url of [clientFeed.httpsUrl, providerFeed.httpsUrl]) {
      const afterCancel = await readFeed(url);
      expect(afterCancel.events).toHaveLength(1);
      expect(afterCancel.events[0]).toMatchObject({ uid: original?.uid, status: 'CANCELLED' });
      expect(afterCancel.events[0]?.sequence).toBeGreaterThan(afterMove.events[0]?.sequence ?? 0);
    }
  });

  it('reveals no names unless the owner chooses the other party’s first name, in the owner’s language', async () => {
    const { client, provider } = await session({ clientLanguage: 'de' });
    const feed = await makeFeed(client);
    const plain = await readFeed(feed.httpsUrl);
    expect(plain.events[0]?.summary).toBe('Therapiesitzung');
    for (const word of ['Jürgen', 'Müller', 'Lüdenscheidt', 'Individual', provider.email]) {
      expect(plain.response.body).not.toContain(word);
    }

    const chosen = await call('PATCH', '/api/calendar-feed', client, { showNames: true });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ showNames: true, httpsUrl: feed.httpsUrl });
    const named = await readFeed(feed.httpsUrl);
    expect(named.events[0]?.summary).toBe('Therapiesitzung mit Jürgen');
    expect(named.response.body).not.toContain('Müller');

    // The provider's own feed names the client by first name only when the provider chooses it.
    const providerFeed = await makeFeed(provider);
    expect((await readFeed(providerFeed.httpsUrl)).events[0]?.summary).toBe('Therapy session');
    await call('PATCH', '/api/calendar-feed', provider, { showNames: true });
    const providerNamed = await readFeed(providerFeed.httpsUrl);
    expect(providerNamed.events[0]?.summary).toBe("Therapy session with Chiamaka O'Neil-Adébáyọ̀");
    expect(providerNamed.response.body).not.toContain('李小龍');
  });

  it('a new address stops the old one at once', async () => {
    const { client } = await session();
    const old = await makeFeed(client);
    const renewed = await makeFeed(client);
    expect(renewed.httpsUrl).not.toBe(old.httpsUrl);
    expect((await readFeed(old.httpsUrl)).response.statusCode).toBe(404);
    expect((await readFeed(renewed.httpsUrl)).events).toHaveLength(1);
  });

  it('answers 404 for an unknown or malformed token, and needs a session for the settings', async () => {
    const unknown = await t.app.inject({ url: `/api/calendar-feed/sessions.ics?token=${'a'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    expect((await t.app.inject({ url: '/api/calendar-feed/sessions.ics?token=short' })).statusCode).toBe(404);
    expect((await call('GET', '/api/calendar-feed')).statusCode).toBe(401);
    const client = await createTestUser(t, { role: 'client' });
    const bad = await call('PATCH', '/api/calendar-feed', client, { showNames: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(await t.deps.db.select().from(calendarFeedTokens).where(eq(calendarFeedTokens.userId, client.id))).toEqual(
      [],
    );
  });
});

describe('feed rate limit', () => {
  it('refuses a feed fetched too often with 429', async () => {
    const limited = await buildTestApp({
      clock,
      config: { rateLimits: { calendarFeedPerToken: { max: 2, windowSeconds: 3600 } } },
    });
    try {
      const user = await createTestUser(limited, { role: 'client' });
      const made = await limited.app.inject({ method: 'POST', url: '/api/calendar-feed/token', headers: user.headers });
      const url = new URL(made.json().httpsUrl);
      const fetchFeed = () => limited.app.inject({ url: `${url.pathname}${url.search}` });
      expect((await fetchFeed()).statusCode).toBe(200);
      expect((await fetchFeed()).statusCode).toBe(200);
      const refused = await fetchFeed();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
