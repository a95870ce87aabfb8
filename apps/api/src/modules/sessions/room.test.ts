import { createHmac } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Catalog, catalog, createBookingVia, createProvider } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser } from '../../../test/factories.ts';
import { ConfigError, parseEnv } from '../../config.ts';
import { bookings, conversations, sessionVisits } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { connectLive } from '../messages/live-client.ts';
import { iceServersFor } from './ice-servers.ts';
import { confirmedSession, minutesAfter } from './room-test-support.ts';

const START = '2027-03-01T09:00:00Z'; // Monday 10:00 in Lagos
const clock = fixedClock(START);
let t: TestApp;
let ids: Catalog;

beforeAll(async () => {
  // A week: long enough for the moved clock, short enough for the socket's expiry timer (< 2^31 ms).
  t = await buildTestApp({ clock, config: { ACCESS_TOKEN_TTL: 7 * 24 * 3600 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  ids = await catalog(t);
});
afterAll(() => t.close());

const getRoom = (bookingId: string, headers: Record<string, string>, language = 'en') =>
  t.app.inject({ url: `/api/booking/${bookingId}/room`, headers: { ...headers, 'x-language': language } });

describe('GET /booking/{id}/room', () => {
  it('refuses before 10 minutes ahead, naming the time in the reader zone and language', async () => {
    clock.set(START);
    const session = await confirmedSession(t, ids, { date: '2027-03-02' }); // 08:00Z-09:00Z
    clock.set(new Date(minutesAfter(session, -10).getTime() - 1000));
    const early = await getRoom(session.bookingId, session.client.headers);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      code: 'ROOM_NOT_OPEN',
      message: 'The session room opens 10 minutes before the start: Tuesday, 2 March 2027 at 08:50 GMT+1.',
    });
    const german = await getRoom(session.bookingId, session.provider.headers, 'de');
    expect(german.json().message).toBe(
      'Der Sitzungsraum öffnet 10 Minuten vor Beginn: Dienstag, 2. März 2027 um 08:50 GMT+1.',
    );
  });

  it('opens 10 minutes ahead for both participants with what the web room needs', async () => {
    clock.set(START);
    const session = await confirmedSession(t, ids, { date: '2027-03-02', index: 1 }); // 09:00Z-10:00Z
    clock.set(minutesAfter(session, -10));
    const asClient = await getRoom(session.bookingId, session.client.headers);
    expect(asClient.statusCode, asClient.body).toBe(200);
    const room = asClient.json();
    const [conversation] = await t.deps.db.select().from(conversations);
    expect(room).toMatchObject({
      bookingIdentifier: session.bookingId,
      party: 'client',
      self: { identifier: session.client.id, name: 'Test User' },
      peer: { identifier: session.provider.id },
      startAt: session.startAt.toISOString(),
      endAt: session.endAt.toISOString(),
      opensAt: minutesAfter(session, -10).toISOString(),
      closesAt: minutesAfter(session, 75).toISOString(),
      polite: true,
      iceServers: [],
      heartbeatSeconds: 15,
    });
    const asProvider = (await getRoom(session.bookingId, session.provider.headers)).json();
    expect(asProvider).toMatchObject({ party: 'provider', polite: false, peer: { identifier: session.client.id } });
    // The text panel's conversation is the pair's one conversation, the same for both.
    expect(asProvider.conversationIdentifier).toBe(room.conversationIdentifier);
    expect(conversation).toBeDefined();
    // Open until 15 minutes after the end; then closed.
    clock.set(new Date(minutesAfter(session, 75).getTime() - 1));
    expect((await getRoom(session.bookingId, session.client.headers)).statusCode).toBe(200);
    clock.set(minutesAfter(session, 75));
    expect((await getRoom(session.bookingId, session.client.headers)).json().code).toBe('ROOM_CLOSED');
  });

  it('answers 404 to everyone but the two participants, and 401 to anonymous callers', async () => {
    clock.set(START);
    const session = await confirmedSession(t, ids, { date: '2027-03-02', index: 2 });
    clock.set(minutesAfter(session, 0));
    for (const role of ['client', 'provider', 'admin'] as const) {
      const stranger = await createTestUser(t, { role });
      const response = await getRoom(session.bookingId, stranger.headers);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    expect((await t.app.inject({ url: `/api/booking/${session.bookingId}/room` })).statusCode).toBe(401);
  });

  it('has no room for a booking that is not confirmed, nor for an in-person session', async () => {
    clock.set(START);
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client' });
    const draft = await createBookingVia(t, client, provider, ids);
    expect((await getRoom(draft.identifier, client.headers)).json().code).toBe('ROOM_UNAVAILABLE');
    const inPerson = await confirmedSession(t, ids, { date: '2027-03-02', index: 3, modalityId: ids.otherModalityId });
    clock.set(minutesAfter(inPerson, 0));
    const answer = await getRoom(inPerson.bookingId, inPerson.client.headers);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      code: 'ROOM_IN_PERSON',
      message: 'This session takes place in person and has no online room.',
    });
    clock.set(START);
    const cancelled = await confirmedSession(t, ids, { date: '2027-03-03' });
    await t.deps.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, cancelled.bookingId));
    clock.set(minutesAfter(cancelled, 0));
    expect((await getRoom(cancelled.bookingId, cancelled.client.headers)).json().code).toBe('ROOM_UNAVAILABLE');
  });
});

describe('ICE servers from configuration', () => {
  it('reads STUN and TURN lists and refuses TURN without a credential', () => {
    const env = parseEnv({
      STUN_URLS: 'stun:stun.example.org:3478, stun:second.example.org',
      TURN_URLS: 'turns:turn.example.org:5349',
      TURN_SECRET: 'a-long-enough-shared-secret',
    });
    expect(env.STUN_URLS).toEqual(['stun:stun.example.org:3478', 'stun:second.example.org']);
    expect(() => parseEnv({ TURN_URLS: 'turn:turn.example.org' })).toThrow(ConfigError);
    expect(() => parseEnv({ STUN_URLS: 'http://stun.example.org' })).toThrow(ConfigError);
    expect(parseEnv({}).STUN_URLS).toBeUndefined();
  });

  it('gives short-lived TURN credentials a TURN server can check with the shared secret', () => {
    const validUntil = new Date('2027-03-02T10:15:00Z');
    const servers = iceServersFor(
      {
        STUN_URLS: ['stun:stun.example.org'],
        TURN_URLS: ['turn:turn.example.org'],
        TURN_SECRET: 'a-long-enough-shared-secret',
        TURN_USERNAME: undefined,
        TURN_CREDENTIAL: undefined,
      },
      { userId: 'user-1', validUntil },
    );
    const username = `${validUntil.getTime() / 1000}:user-1`;
    expect(servers).toEqual([
      { urls: ['stun:stun.example.org'] },
      {
        urls: ['turn:turn.example.org'],
        username,
        credential: createHmac('sha1', 'a-long-enough-shared-secret').update(username).digest('base64'),
      },
    ]);
    expect(
      iceServersFor(
        {
          STUN_URLS: undefined,
          TURN_URLS: ['turn:t.example.org'],
          TURN_SECRET: undefined,
          TURN_USERNAME: 'u',
          TURN_CREDENTIAL: 'c',
        },
        { userId: 'x', validUntil },
      ),
    ).toEqual([{ urls: ['turn:t.example.org'], username: 'u', credential: 'c' }]);
  });
});

const staysOf = (bookingId: string) =>
  t.deps.db
    .select()
    .from(sessionVisits)
    .where(eq(sessionVisits.bookingId, bookingId))
    .orderBy(asc(sessionVisits.joinedAt), asc(sessionVisits.party));

async function until(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('signalling over the live socket', () => {
  it('relays join, signals and leave between the two participants and records join and leave times', async () => {
    clock.set(START);
    const session = await confirmedSession(t, ids, { date: '2027-03-04' });
    const outsider = await createTestUser(t, { role: 'client' });
    const client = await connectLive(t.app, session.client.token);
    const provider = await connectLive(t.app, session.provider.token);
    const stranger = await connectLive(t.app, outsider.token);
    const frame = (type: string, tab: string, extra: Record<string, unknown> = {}) => ({
      type,
      bookingIdentifier: session.bookingId,
      tab,
      ...extra,
    });

    // Too early: refused to the sender, nothing recorded.
    clock.set(minutesAfter(session, -11));
    client.send(frame('room.join', 'client-tab-1'));
    expect(await client.next((event) => event.type === 'room.refused')).toMatchObject({
      code: 'ROOM_NOT_OPEN',
      tab: 'client-tab-1',
    });

    clock.set(minutesAfter(session, 0));
    client.send(frame('room.join', 'client-tab-1'));
    expect(await client.next((event) => event.type === 'room.joined')).toMatchObject({ tab: 'client-tab-1' });
    expect(await provider.next((event) => event.type === 'room.peer')).toEqual({
      type: 'room.peer',
      bookingIdentifier: session.bookingId,
      tab: 'client-tab-1',
      party: 'client',
    });
    provider.send(frame('room.join', 'provider-tab-1'));
    expect(await client.next((event) => event.type === 'room.peer')).toMatchObject({
      tab: 'provider-tab-1',
      party: 'provider',
    });

    // An offer, then candidates and a media state, arrive in order at the other side only.
    const signal = (extra: Record<string, unknown>) =>
      provider.send(frame('room.signal', 'provider-tab-1', { to: 'client-tab-1', pc: 'pc-00000001', ...extra }));
    const candidate = { candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 };
    signal({ description: { type: 'offer', sdp: 'v=0 offer' } });
    signal({ candidates: [candidate] });
    signal({ state: { audio: false, video: true, screen: false } });
    await client.next((event) => event.type === 'room.signal' && Boolean(event.state));
    const relayed = {
      type: 'room.signal',
      bookingIdentifier: session.bookingId,
      from: 'provider-tab-1',
      to: 'client-tab-1',
      pc: 'pc-00000001',
    };
    expect(client.events.filter((event) => event.type === 'room.signal')).toEqual([
      { ...relayed, description: { type: 'offer', sdp: 'v=0 offer' } },
      { ...relayed, candidates: [candidate] },
      { ...relayed, state: { audio: false, video: true, screen: false } },
    ]);
    expect(provider.events.filter((event) => event.type === 'room.signal')).toEqual([]);

    // A stranger's frames for this booking are dropped without a word; malformed frames too.
    stranger.send(frame('room.join', 'stranger-tab-1'));
    stranger.send(
      frame('room.signal', 'stranger-tab-1', {
        to: 'client-tab-1',
        pc: 'pc-00000002',
        description: { type: 'offer', sdp: 'x' },
      }),
    );
    client.send({ type: 'room.signal', bookingIdentifier: session.bookingId, tab: 'no', to: 'x' });

    // A heartbeat renews the stay; then the client leaves on purpose and the provider is told.
    clock.set(minutesAfter(session, 0.5));
    client.send(frame('room.heartbeat', 'client-tab-1'));
    await until(
      async () => (await staysOf(session.bookingId))[0]?.lastSeenAt.getTime() === minutesAfter(session, 0.5).getTime(),
    );
    clock.set(minutesAfter(session, 1));
    client.send(frame('room.leave', 'client-tab-1'));
    expect(await provider.next((event) => event.type === 'room.peer-left')).toMatchObject({ tab: 'client-tab-1' });
    expect(stranger.events.filter((event) => event.type !== 'auth.ok')).toEqual([]);
    expect(client.events.filter((event) => event.type === 'room.signal')).toHaveLength(3);

    const stays = await staysOf(session.bookingId);
    expect(
      stays.map(({ party, tab, joinedAt, lastSeenAt, leftAt, lost }) => ({
        party,
        tab,
        joinedAt,
        lastSeenAt,
        leftAt,
        lost,
      })),
    ).toEqual([
      {
        party: 'client',
        tab: 'client-tab-1',
        joinedAt: minutesAfter(session, 0),
        lastSeenAt: minutesAfter(session, 1),
        leftAt: minutesAfter(session, 1),
        lost: false,
      },
      {
        party: 'provider',
        tab: 'provider-tab-1',
        joinedAt: minutesAfter(session, 0),
        lastSeenAt: minutesAfter(session, 0),
        leftAt: null,
        lost: false,
      },
    ]);

    // The provider's tab reconnects after a drop: the old stay ends when last seen, as lost.
    clock.set(minutesAfter(session, 31));
    provider.send(frame('room.join', 'provider-tab-1'));
    await until(async () => client.events.filter((event) => event.type === 'room.peer').length === 2);
    const providerStays = await t.deps.db
      .select()
      .from(sessionVisits)
      .where(and(eq(sessionVisits.bookingId, session.bookingId), eq(sessionVisits.userId, session.provider.id)))
      .orderBy(asc(sessionVisits.joinedAt));
    expect(providerStays.map(({ joinedAt, leftAt, lost }) => ({ joinedAt, leftAt, lost }))).toEqual([
      { joinedAt: minutesAfter(session, 0), leftAt: minutesAfter(session, 0), lost: true },
      { joinedAt: minutesAfter(session, 31), leftAt: null, lost: false },
    ]);
    for (const live of [client, provider, stranger]) live.close();
  });
});
