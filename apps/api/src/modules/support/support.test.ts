import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { testDriver } from '../../../test/test-database.ts';
import { supportConversations, supportMessages } from '../../db/schema/index.ts';
import { DEFAULT_RATE_LIMITS } from '../../platform/rate-limits.ts';
import type { LiveEvent } from '../../platform/realtime/bus.ts';

let t: TestApp;
let operator: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  operator = await createTestUser(t, { role: 'admin', firstName: 'Sade', lastName: 'Support' });
  await setChat(true);
});

/** The back office switches the chat on or off for every visitor. */
async function setChat(enabled: boolean) {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/flags/show_support_livechat',
    headers: operator.headers,
    payload: { enabled, countries: [], rolloutPercent: 100 },
  });
  expect(response.statusCode, response.body).toBe(200);
}
afterAll(() => t.close());

/** A browser that is not signed in: it keeps the visitor cookie. */
function anonymous() {
  let cookie = '';
  const keep = (response: { cookies: Array<{ name: string; value: string }> }) => {
    const set = response.cookies.find((c) => c.name === 'visitor_id');
    if (set) cookie = `visitor_id=${set.value}`;
  };
  return {
    get cookie() {
      return cookie;
    },
    async send(text: string, page = '/overview/') {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/support/messages',
        headers: cookie ? { cookie } : {},
        payload: { text, page },
      });
      keep(response);
      return response;
    },
    async thread(after?: string) {
      const response = await t.app.inject({
        url: `/api/support/thread${after ? `?after=${after}` : ''}`,
        headers: cookie ? { cookie } : {},
      });
      keep(response);
      return response;
    },
  };
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

describe('support chat', () => {
  it('a visitor writes, the operator sees it live and answers, the visitor reads the answer', async () => {
    const seen: LiveEvent[] = [];
    const stop = t.app.realtime.subscribe(operator.id, (event) => seen.push(event));
    const browser = anonymous();
    expect((await browser.thread()).json()).toEqual({ identifier: null, status: null, messages: [] });
    const first = await browser.send('Hello, how do I book?');
    expect(first.statusCode, first.body).toBe(201);
    expect(browser.cookie).toMatch(/^visitor_id=.+\..+/);
    expect(first.json()).toMatchObject({ author: 'visitor', text: 'Hello, how do I book?', operatorName: null });
    await settle(seen, 2);
    stop();
    expect(seen.map((event) => event.type)).toEqual(['support.conversation', 'support.message']);
    const conversationId = first.json().conversationIdentifier;

    const list = await t.app.inject({ url: '/api/admin/support/conversations', headers: operator.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toContainEqual(
      expect.objectContaining({
        identifier: conversationId,
        status: 'open',
        visitor: null,
        startedOn: '/overview/',
        lastMessage: 'Hello, how do I book?',
        waiting: 1,
      }),
    );
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${conversationId}/messages`,
      headers: operator.headers,
      payload: { text: 'Open a therapist profile and pick a time.' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ author: 'operator', operatorName: 'Sade' });

    const after = await browser.thread(first.json().identifier);
    expect(after.json().messages.map((m: { text: string }) => m.text)).toEqual([
      'Open a therapist profile and pick a time.',
    ]);
    const detail = await t.app.inject({
      url: `/api/admin/support/conversations/${conversationId}`,
      headers: operator.headers,
    });
    expect(detail.json()).toMatchObject({ waiting: 0, messages: [{ author: 'visitor' }, { author: 'operator' }] });
  });

  it('keeps visitors apart: another browser (or a forged cookie) sees nothing of it', async () => {
    const one = anonymous();
    const sent = await one.send('Private question');
    const other = anonymous();
    expect((await other.thread()).json().messages).toEqual([]);
    const forged = await t.app.inject({
      url: '/api/support/thread',
      headers: { cookie: `visitor_id=${one.cookie.split('=')[1]?.split('.')[0]}.forged` },
    });
    expect(forged.json().messages).toEqual([]);
    const guess = await t.app.inject({
      url: `/api/support/thread?after=${sent.json().identifier}`,
      headers: other.cookie ? { cookie: other.cookie } : {},
    });
    expect(guess.json().messages).toEqual([]);
  });

  it('a signed-in visitor is named to the operator and gets answers live', async () => {
    const client = await createTestUser(t, { role: 'client', firstName: 'Kemi', lastName: 'Lawal' });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/support/messages',
      headers: client.headers,
      payload: { text: 'Where is my receipt?' },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.cookies.find((c) => c.name === 'visitor_id')).toBeUndefined();
    const id = sent.json().conversationIdentifier;
    const seen: LiveEvent[] = [];
    const stop = t.app.realtime.subscribe(client.id, (event) => seen.push(event));
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${id}/messages`,
      headers: operator.headers,
      payload: { text: 'In your wallet.' },
    });
    await settle(seen, 1);
    stop();
    expect(seen).toContainEqual({
      type: 'support.message',
      message: expect.objectContaining({ text: 'In your wallet.' }),
    });
    const [conversation] = await t.deps.db.select().from(supportConversations).where(eq(supportConversations.id, id));
    expect(conversation).toMatchObject({ userId: client.id, visitorId: null });
    const listed = await t.app.inject({ url: `/api/admin/support/conversations/${id}`, headers: operator.headers });
    expect(listed.json().visitor).toEqual({ identifier: client.id, name: 'Kemi Lawal', role: 'client' });
  });

  it('a closed conversation takes no answer; the visitor’s next message starts a new one', async () => {
    const browser = anonymous();
    const first = await browser.send('Thanks, bye');
    const id = first.json().conversationIdentifier;
    const closed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/support/conversations/${id}/close`,
      headers: operator.headers,
    });
    expect(closed.json().status).toBe('closed');
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${id}/messages`,
      headers: operator.headers,
      payload: { text: 'One more thing' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('SUPPORT_CONVERSATION_CLOSED');
    expect((await browser.thread()).json().identifier).toBeNull();
    const again = await browser.send('Another question');
    expect(again.json().conversationIdentifier).not.toBe(id);
  });

  it('takes no new message while the chat is switched off, and keeps the history readable', async () => {
    const browser = anonymous();
    expect((await browser.send('Before the switch')).statusCode).toBe(201);
    await setChat(false);
    try {
      const refused = await browser.send('After the switch');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'SUPPORT_UNAVAILABLE',
        message: 'The support chat is not available right now.',
      });
      const rows = await t.deps.db.select().from(supportMessages).where(eq(supportMessages.text, 'After the switch'));
      expect(rows).toEqual([]);
      const thread = await browser.thread();
      expect(thread.json().messages.map((m: { text: string }) => m.text)).toEqual(['Before the switch']);
    } finally {
      await setChat(true);
    }
  });

  it('refuses empty and too long messages, too many in a minute, and non-operators on the operator side', async () => {
    const browser = anonymous();
    const empty = await browser.send('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.text).toEqual(['Please write a message.']);
    expect((await browser.send('x'.repeat(2001))).statusCode).toBe(400);
    for (let i = 0; i < DEFAULT_RATE_LIMITS.supportMessagesPerVisitor.max; i++)
      expect((await browser.send(`m${i}`)).statusCode).toBe(201);
    const limited = await browser.send('one too many');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('SUPPORT_RATE_LIMITED');
    const rows = await t.deps.db.select().from(supportMessages).where(eq(supportMessages.text, 'one too many'));
    expect(rows).toEqual([]);
    const client = await createTestUser(t, { role: 'client' });
    expect((await t.app.inject({ url: '/api/admin/support/conversations', headers: client.headers })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ url: '/api/admin/support/conversations' })).statusCode).toBe(401);
  });
});

describe.runIf(testDriver === 'pg')('support chat under concurrency (PostgreSQL)', () => {
  it('two tabs writing at once share one open conversation', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const sent = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/support/messages',
          headers: client.headers,
          payload: { text: `tab ${i}` },
        }),
      ),
    );
    expect(sent.map((response) => response.statusCode)).toEqual(Array(8).fill(201));
    const conversations = await t.deps.db
      .select()
      .from(supportConversations)
      .where(eq(supportConversations.userId, client.id));
    expect(conversations).toHaveLength(1);
    expect(new Set(sent.map((response) => response.json().conversationIdentifier)).size).toBe(1);
  });
});
