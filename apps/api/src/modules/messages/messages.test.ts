import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, tamperedTail } from '../../../test/factories.ts';
import { conversationMembers, messages } from '../../db/schema/index.ts';
import { DEFAULT_RATE_LIMITS } from '../../platform/rate-limits.ts';
import { openConversationVia, relatedPair, sendVia, storeBody, tinyPdf } from './test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('conversations', () => {
  it('opens one conversation per pair, reused from either side', async () => {
    const { client, provider } = await relatedPair(t);
    const first = await openConversationVia(t, client, provider);
    const again = await openConversationVia(t, provider, client);
    expect(again).toBe(first);
    const res = await t.app.inject({ method: 'GET', url: '/api/messages/chat-list', headers: client.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data[0]).toMatchObject({
      identifier: first,
      otherPerson: { identifier: provider.id, firstName: 'Bola' },
      lastMessage: null,
      unreadCount: 0,
    });
  });

  it('refuses a stranger: 403 MESSAGE_NOT_ALLOWED and no row', async () => {
    const a = await createTestUser(t, { role: 'client' });
    const b = await createTestUser(t, { role: 'provider' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/messages/conversations',
      headers: a.headers,
      payload: { userIdentifier: b.id },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'MESSAGE_NOT_ALLOWED',
      message: 'You can only message people you have a booking with.',
    });
    const rows = await t.deps.db.select().from(conversationMembers).where(eq(conversationMembers.userId, a.id));
    expect(rows).toHaveLength(0);
  });

  it('lists contacts: only people with a booking, searchable by name', async () => {
    const { client, provider } = await relatedPair(t, { provider: 'Zainab' });
    await createTestUser(t, { role: 'provider', firstName: 'Zainab', lastName: 'Stranger' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/messages/contacts?searchQuery=zain',
      headers: client.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { identifier: provider.id, firstName: 'Zainab', lastName: 'Therapist', role: 'provider' },
    ]);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/messages/chat-list' });
    expect(res.statusCode).toBe(401);
  });
});

describe('messages', () => {
  it('stores text as text, counts unread, marks seen and shows the seen tick', async () => {
    const { client, provider } = await relatedPair(t);
    const conversation = await openConversationVia(t, client, provider);
    const res = await sendVia(t, client, conversation, '<script>alert(1)</script> see https://example.com');
    expect(res.statusCode).toBe(201);
    const message = res.json();
    expect(message.text).toBe('<script>alert(1)</script> see https://example.com');
    expect(message.seenAt).toBeNull();

    const unread = await t.app.inject({ method: 'GET', url: '/api/messages/unread-count', headers: provider.headers });
    expect(unread.json()).toEqual({ count: 1 });
    const list = await t.app.inject({ method: 'GET', url: '/api/messages/chat-list', headers: provider.headers });
    expect(list.json().data[0]).toMatchObject({ unreadCount: 1, lastMessage: { identifier: message.identifier } });

    const seen = await t.app.inject({
      method: 'PUT',
      url: '/api/messages/mark-seen',
      headers: provider.headers,
      payload: { conversationIdentifier: conversation },
    });
    expect(seen.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/messages/unread-count', headers: provider.headers });
    expect(after.json()).toEqual({ count: 0 });
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/messages/conversations/${conversation}/messages`,
      headers: client.headers,
    });
    expect(thread.json().data[0].seenAt).not.toBeNull();
  });

  it('edits and deletes only own messages; the other side sees a deleted message', async () => {
    const { client, provider } = await relatedPair(t);
    const conversation = await openConversationVia(t, client, provider);
    const message = (await sendVia(t, client, conversation, 'first words')).json();

    const notMine = await t.app.inject({
      method: 'PUT',
      url: `/api/messages/${message.identifier}/update`,
      headers: provider.headers,
      payload: { text: 'hijack' },
    });
    expect(notMine.statusCode).toBe(403);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/messages/${message.identifier}/update`,
      headers: client.headers,
      payload: { text: 'better words' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ text: 'better words' });
    expect(edited.json().editedAt).not.toBeNull();

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/messages/${message.identifier}`,
      headers: client.headers,
    });
    expect(deleted.statusCode).toBe(200);
    const [row] = await t.deps.db.select().from(messages).where(eq(messages.id, message.identifier));
    expect(row?.text).toBeNull();
    expect(row?.deletedAt).not.toBeNull();
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/messages/conversations/${conversation}/messages`,
      headers: provider.headers,
    });
    expect(thread.json().data[0]).toMatchObject({ text: null, attachment: null });
    expect(thread.json().data[0].deletedAt).not.toBeNull();
    const unread = await t.app.inject({ method: 'GET', url: '/api/messages/unread-count', headers: provider.headers });
    expect(unread.json()).toEqual({ count: 0 });
  });

  it('gives a non-participant 404 on every message route', async () => {
    const { client, provider } = await relatedPair(t);
    const conversation = await openConversationVia(t, client, provider);
    const message = (await sendVia(t, client, conversation, 'private')).json();
    const stranger = await createTestUser(t, { role: 'client' });
    const calls = [
      { method: 'GET', url: `/api/messages/conversations/${conversation}` },
      { method: 'GET', url: `/api/messages/conversations/${conversation}/messages` },
      { method: 'PUT', url: '/api/messages/mark-seen', payload: { conversationIdentifier: conversation } },
      { method: 'PUT', url: `/api/messages/${message.identifier}/update`, payload: { text: 'x' } },
      { method: 'DELETE', url: `/api/messages/${message.identifier}` },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: stranger.headers });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    const store = await sendVia(t, stranger, conversation, 'intrusion');
    expect(store.statusCode).toBe(404);
    const [row] = await t.deps.db.select().from(messages).where(eq(messages.id, message.identifier));
    expect(row?.text).toBe('private');
  });

  it('refuses empty and too long text with translated messages', async () => {
    const { client, provider } = await relatedPair(t);
    const conversation = await openConversationVia(t, client, provider);
    const empty = await sendVia(t, client, conversation, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.text).toEqual(['Write a message or attach a file']);
    const long = await sendVia(t, client, conversation, 'a'.repeat(4001));
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors.text).toEqual(['Message must not exceed 4000 characters']);
    const de = await t.app.inject({
      method: 'PUT',
      url: '/api/messages/00000000-0000-4000-8000-000000000000/update',
      headers: { ...client.headers, 'x-language': 'de' },
      payload: { text: 'a'.repeat(4001) },
    });
    expect(de.json().fieldErrors.text).toEqual(['Die Nachricht darf höchstens 4000 Zeichen lang sein']);
  });

  it('limits a sender to the messages a minute of the rate-limit table', async () => {
    const { max } = DEFAULT_RATE_LIMITS.messagesPerSender;
    const { client, provider } = await relatedPair(t);
    const conversation = await openConversationVia(t, client, provider);
    for (let i = 0; i < max; i++) {
      expect((await sendVia(t, client, conversation, `m${i}`)).statusCode).toBe(201);
    }
    const res = await sendVia(t, client, conversation, 'one too many');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(`You are sending messages too quickly. You can send ${max} messages a minute.`);
  });

  it('pages a thread backwards by cursor without gaps or repeats', async () => {
    const { client, provider } = await relatedPair(t);
    const conversation = await openConversationVia(t, client, provider);
    const base = Date.parse('2027-01-01T00:00:00Z');
    await t.deps.db.insert(messages).values(
      Array.from({ length: 75 }, (_, i) => ({
        conversationId: conversation,
        senderId: i % 2 ? client.id : provider.id,
        text: `n${i}`,
        createdAt: new Date(base + Math.floor(i / 3) * 1000),
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { statusCode: number; json(): { data: Array<{ text: string }>; nextCursor: string | null } } =
        await t.app.inject({
          method: 'GET',
          url: `/api/messages/conversations/${conversation}/messages${cursor ? `?cursor=${cursor}` : ''}`,
          headers: client.headers,
        });
      expect(res.statusCode).toBe(200);
      const page = res.json();
      seen.unshift(...page.data.map((m: { text: string }) => m.text));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(75);
    expect(new Set(seen).size).toBe(75);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/messages/conversations/${conversation}/messages?cursor=nonsense`,
      headers: client.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('stores a pdf privately and only the participants get a working link; a fake file is refused', async () => {
    const { client, provider } = await relatedPair(t);
    const conversation = await openConversationVia(t, client, provider);
    const body = storeBody(
      { conversationIdentifier: conversation, text: '' },
      { bytes: tinyPdf, filename: '../../report.pdf' },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/messages/store',
      headers: { ...client.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    const { attachment } = res.json();
    expect(attachment).toMatchObject({ filename: 'report.pdf', contentType: 'application/pdf' });
    const file = await t.app.inject({ method: 'GET', url: attachment.url });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const tampered = await t.app.inject({ method: 'GET', url: tamperedTail(attachment.url) });
    expect(tampered.statusCode).toBe(404);

    const fake = storeBody(
      { conversationIdentifier: conversation, text: 'x' },
      {
        bytes: Buffer.from('<html><script>alert(1)</script></html>'),
        filename: 'evil.pdf',
        contentType: 'application/pdf',
      },
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/messages/store',
      headers: { ...client.headers, ...fake.headers },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().code).toBe('MESSAGE_FILE_TYPE');
  });

  it('answers 413 past 10 MB', async () => {
    const { client, provider } = await relatedPair(t);
    const conversation = await openConversationVia(t, client, provider);
    const big = Buffer.concat([tinyPdf, Buffer.alloc(10 * 1024 * 1024)]);
    const body = storeBody({ conversationIdentifier: conversation, text: 'big' }, { bytes: big, filename: 'big.pdf' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/messages/store',
      headers: { ...client.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('FILE_TOO_LARGE');
  });
});
