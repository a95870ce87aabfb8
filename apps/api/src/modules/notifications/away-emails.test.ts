import { AWAY_EMAIL_AFTER_MINUTES, AWAY_EMAIL_QUIET_MINUTES } from '@app/shared/schemas/notifications';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { awayEmails, bookings, emails, notifications, socketPresence, users } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { notePresence } from '../../platform/realtime/presence.ts';
import { connectLive } from '../messages/live-client.ts';
import { openConversationVia, relatedPair, sendVia } from '../messages/test-support.ts';
import { sendDueAwayEmails } from './away-emails.ts';

const START = '2027-03-01T09:00:00Z';
const clock = fixedClock(START);
let t: TestApp;
let operator: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ clock, config: { ACCESS_TOKEN_TTL: 30 * 24 * 3600 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  operator = await createTestUser(t, { role: 'admin', firstName: 'Sade-Marie', lastName: "N'Diaye" });
  const flag = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/flags/show_support_livechat',
    headers: operator.headers,
    payload: { enabled: true, countries: [], rolloutPercent: 100 },
  });
  expect(flag.statusCode, flag.body).toBe(200);
});
afterAll(() => t.close());
beforeEach(() => clock.set(START));

const minutes = (n: number) => clock.set(new Date(clock.now().getTime() + n * 60_000).toISOString());

const awayEmailsTo = (user: TestUser) =>
  t.deps.db
    .select()
    .from(emails)
    .where(and(eq(emails.to, user.email.toLowerCase()), like(emails.template, 'away.%')));

async function pair() {
  const { client, provider } = await relatedPair(t, { client: 'Maya', provider: 'Jean-Luc' });
  const conversation = await openConversationVia(t, provider, client);
  return { client, provider, conversation };
}

async function liveSocket(user: TestUser) {
  const live = await connectLive(t.app, user.token);
  expect(live.events[0]).toEqual({ type: 'auth.ok', userIdentifier: user.id });
  return live;
}

/** Closes the socket and waits for the hub to note when the person left. */
async function leave(live: Awaited<ReturnType<typeof liveSocket>>, user: TestUser) {
  live.close();
  await live.closed;
  await expect
    .poll(async () => (await t.deps.db.select().from(socketPresence).where(eq(socketPresence.userId, user.id)))[0])
    .toMatchObject({ lastSeenAt: clock.now() });
}

async function messageEmailsOff(user: TestUser) {
  const off = await t.app.inject({
    method: 'PUT',
    url: '/api/notifications/preferences',
    headers: user.headers,
    payload: { preferences: [{ category: 'message', channel: 'email', enabled: false }] },
  });
  expect(off.statusCode, off.body).toBe(200);
}

async function send(from: TestUser, conversation: string, text: string) {
  const sent = await sendVia(t, from, conversation, text);
  expect(sent.statusCode, sent.body).toBe(201);
}

describe('message emails to someone away', () => {
  it('one email per conversation per quiet period, naming the sender, never the text', async () => {
    const { client, provider, conversation } = await pair();
    await send(provider, conversation, 'My diagnosis secret: insomnia');
    minutes(1);
    await send(provider, conversation, 'Second note about the panic attacks');
    const first = await awayEmailsTo(client);
    expect(first).toHaveLength(1);
    const [mail] = first as [typeof emails.$inferSelect];
    expect(mail).toMatchObject({ template: 'away.message', language: 'en', subject: 'Jean-Luc sent you a message' });
    expect(mail.text).toContain('Hello Maya,');
    expect(mail.text).toContain(`Open the conversation: http://localhost:3000/messages/${conversation}/`);
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('insomnia');
      expect(part).not.toContain('panic');
      expect(part).not.toContain('Therapist'); // the first name only
    }
    // The sender is not emailed about their own messages.
    expect(await awayEmailsTo(provider)).toHaveLength(0);

    // Still within the quiet period: nothing more. Once it has passed, the next message is emailed.
    minutes(AWAY_EMAIL_QUIET_MINUTES - 2);
    await send(provider, conversation, 'Third');
    expect(await awayEmailsTo(client)).toHaveLength(1);
    minutes(2);
    await send(provider, conversation, 'Fourth');
    expect(await awayEmailsTo(client)).toHaveLength(2);
  });

  it('the quiet period is per conversation: another conversation is emailed on its own', async () => {
    const a = await pair();
    const other = await createTestUser(t, { role: 'provider', firstName: 'Chi-Chi', lastName: "D'Souza" });
    await t.deps.db.insert(bookings).values({
      clientId: a.client.id,
      providerId: other.id,
      status: 'completed',
      startsAt: new Date('2027-02-01T10:00:00Z'),
      endsAt: new Date('2027-02-01T11:00:00Z'),
    });
    const second = await openConversationVia(t, other, a.client);
    await send(a.provider, a.conversation, 'Hello');
    await send(other, second, 'Hello too');
    const mails = await awayEmailsTo(a.client);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Chi-Chi sent you a message',
      'Jean-Luc sent you a message',
    ]);
  });

  it('in the recipient’s language', async () => {
    const { client, provider, conversation } = await pair();
    await t.deps.db.update(users).set({ language: 'de' }).where(eq(users.id, client.id));
    await send(provider, conversation, 'Hallo');
    const [mail] = await awayEmailsTo(client);
    expect(mail).toMatchObject({ language: 'de', subject: 'Jean-Luc hat dir eine Nachricht geschickt' });
    expect(mail?.text).toContain('Hallo Maya,');
    expect(mail?.text).toContain(`Zum Gespräch: http://localhost:3000/de/messages/${conversation}/`);
  });

  it('none when the recipient turned message emails off', async () => {
    const { client, provider, conversation } = await pair();
    await messageEmailsOff(client);
    await send(provider, conversation, 'Are you there?');
    expect(await awayEmailsTo(client)).toHaveLength(0);
    expect(await t.deps.db.select().from(awayEmails).where(eq(awayEmails.userId, client.id))).toEqual([]);
  });

  it('none while the recipient has a socket open, nor until they have been away for a few minutes', async () => {
    const { client, provider, conversation } = await pair();
    const live = await liveSocket(client);
    await send(provider, conversation, 'While you are here');
    expect(await awayEmailsTo(client)).toHaveLength(0);
    minutes(AWAY_EMAIL_AFTER_MINUTES + 10); // a socket open this long (its heartbeats keep it present)
    await t.deps.db.update(socketPresence).set({ lastSeenAt: clock.now() }).where(eq(socketPresence.userId, client.id));
    await send(provider, conversation, 'Still here?');
    expect(await awayEmailsTo(client)).toHaveLength(0);

    await leave(live, client);
    minutes(AWAY_EMAIL_AFTER_MINUTES - 1);
    await send(provider, conversation, 'Just left?');
    expect(await awayEmailsTo(client)).toHaveLength(0);
    minutes(2);
    await send(provider, conversation, 'Gone now');
    expect(await awayEmailsTo(client)).toHaveLength(1);
  });

  it('an erased recipient is never emailed', async () => {
    const { client, provider, conversation } = await pair();
    await t.deps.db.update(users).set({ deletedAt: clock.now() }).where(eq(users.id, client.id));
    await sendVia(t, provider, conversation, 'Hello?');
    expect(await awayEmailsTo(client)).toHaveLength(0);
  });
});

describe('support replies to someone away', () => {
  it('emails the signed-in visitor once per quiet period, with the operator’s first name and no text', async () => {
    const client = await createTestUser(t, { role: 'client', firstName: 'Maya', lastName: "O'Patel" });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/support/messages',
      headers: client.headers,
      payload: { text: 'My card was charged twice', page: '/overview/' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const conversation = asked.json().conversationIdentifier;
    const reply = (text: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/support/conversations/${conversation}/messages`,
        headers: operator.headers,
        payload: { text },
      });
    expect((await reply('We refunded the duplicate charge')).statusCode).toBe(201);
    expect((await reply('Anything else?')).statusCode).toBe(201);
    const mails = await awayEmailsTo(client);
    expect(mails).toHaveLength(1);
    const [mail] = mails as [typeof emails.$inferSelect];
    expect(mail).toMatchObject({ template: 'away.support', subject: 'Sade-Marie from support replied to you' });
    expect(mail.text).toContain('Open the support chat: http://localhost:3000/overview/');
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('refunded');
      expect(part).not.toContain('charged');
      expect(part).not.toContain("N'Diaye");
    }
    // The operator is not emailed.
    expect(await awayEmailsTo(operator)).toHaveLength(0);
  });
});

describe('the away job: messages that arrived while the recipient was around', () => {
  /** The recipient has an open socket right now (what the hub notes on every heartbeat). */
  const around = (user: TestUser) => notePresence(t.deps.db, [user.id], clock.now());
  const pendingOf = (user: TestUser) =>
    t.deps.db
      .select({ dueAt: notifications.awayEmailDueAt })
      .from(notifications)
      .where(eq(notifications.userId, user.id));
  /** A conversation whose client, in the app right now, has just been written to. */
  async function messagedWhileAround(text: string) {
    const started = await pair();
    await around(started.client);
    await send(started.provider, started.conversation, text);
    return started;
  }
  /** The job once the recipient has been away long enough. */
  async function runOnceAway() {
    minutes(AWAY_EMAIL_AFTER_MINUTES + 1);
    await sendDueAwayEmails(t.deps);
  }

  it('emails once after the recipient has been away long enough, never while they are around', async () => {
    const { client, provider, conversation } = await pair();
    const live = await liveSocket(client);
    await send(provider, conversation, 'Private: the medication dose');
    expect(await awayEmailsTo(client)).toHaveLength(0);
    expect(await pendingOf(client)).toEqual([
      { dueAt: new Date(clock.now().getTime() + AWAY_EMAIL_AFTER_MINUTES * 60_000) },
    ]);

    // Still connected when it is due: the job leaves it waiting.
    minutes(AWAY_EMAIL_AFTER_MINUTES + 1);
    await around(client);
    await sendDueAwayEmails(t.deps);
    expect(await awayEmailsTo(client)).toHaveLength(0);
    expect((await pendingOf(client))[0]?.dueAt).not.toBeNull();

    await leave(live, client);
    minutes(AWAY_EMAIL_AFTER_MINUTES - 1);
    await sendDueAwayEmails(t.deps);
    expect(await awayEmailsTo(client)).toHaveLength(0);

    minutes(2);
    await sendDueAwayEmails(t.deps);
    const mails = await awayEmailsTo(client);
    expect(mails).toHaveLength(1);
    const [mail] = mails as [typeof emails.$inferSelect];
    expect(mail).toMatchObject({ template: 'away.message', subject: 'Jean-Luc sent you a message' });
    expect(mail.text).toContain(`Open the conversation: http://localhost:3000/messages/${conversation}/`);
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toContain('medication');
    expect(await pendingOf(client)).toEqual([{ dueAt: null }]);
    expect(await t.deps.db.select().from(awayEmails).where(eq(awayEmails.userId, client.id))).toEqual([
      expect.objectContaining({ sentAt: clock.now() }),
    ]);

    minutes(5);
    await sendDueAwayEmails(t.deps);
    expect(await awayEmailsTo(client)).toHaveLength(1);
  });

  it('none for a message read in the app before the job runs', async () => {
    const { client } = await messagedWhileAround('Read me now');
    const [row] = await t.deps.db.select().from(notifications).where(eq(notifications.userId, client.id));
    const read = await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${row?.id}/read`,
      headers: client.headers,
    });
    expect(read.statusCode, read.body).toBe(200);
    await runOnceAway();
    expect(await awayEmailsTo(client)).toHaveLength(0);
    expect(await t.deps.db.select().from(awayEmails).where(eq(awayEmails.userId, client.id))).toEqual([]);
  });

  it('two messages while around make one email', async () => {
    const { client, provider, conversation } = await messagedWhileAround('First');
    minutes(2);
    await around(client);
    await send(provider, conversation, 'Second');
    await runOnceAway();
    expect(await awayEmailsTo(client)).toHaveLength(1);
    minutes(AWAY_EMAIL_AFTER_MINUTES);
    await sendDueAwayEmails(t.deps);
    expect(await awayEmailsTo(client)).toHaveLength(1);
  });

  it('none once the recipient turned message emails off meanwhile', async () => {
    const { client } = await messagedWhileAround('Are you there?');
    await messageEmailsOff(client);
    await runOnceAway();
    expect(await awayEmailsTo(client)).toHaveLength(0);
    expect(await pendingOf(client)).toEqual([{ dueAt: null }]);
  });

  it('an erased recipient is never emailed', async () => {
    const { client } = await messagedWhileAround('Hello?');
    await t.deps.db.update(users).set({ deletedAt: clock.now() }).where(eq(users.id, client.id));
    await runOnceAway();
    expect(await awayEmailsTo(client)).toHaveLength(0);
    expect(await pendingOf(client)).toEqual([{ dueAt: null }]);
  });

  it('two runs at once email each recipient once', async () => {
    const pairs = await Promise.all(
      ['Ngozi-Ann', "Ti'ana", 'Zoë-Lynn', 'Oluwa-Seun'].map(async (name) => {
        const { client, provider } = await relatedPair(t, { client: name, provider: 'Jean-Luc' });
        return { client, provider, conversation: await openConversationVia(t, provider, client) };
      }),
    );
    for (const { client, provider, conversation } of pairs) {
      await around(client);
      await send(provider, conversation, 'Hello');
    }
    minutes(AWAY_EMAIL_AFTER_MINUTES + 1);
    const runs = await Promise.all([sendDueAwayEmails(t.deps), sendDueAwayEmails(t.deps)]);
    expect(runs.reduce((sum, run) => sum + run.emails, 0)).toBeGreaterThanOrEqual(pairs.length);
    for (const { client } of pairs) {
      expect(await awayEmailsTo(client)).toHaveLength(1);
      expect(await pendingOf(client)).toEqual([{ dueAt: null }]);
    }
  });
});
