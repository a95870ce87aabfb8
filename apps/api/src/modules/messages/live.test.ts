import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { authSessions } from '../../db/schema/index.ts';
import { connectLive } from './live-client.ts';
import { openConversationVia, relatedPair, sendVia } from './test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

describe('live socket /api/ws', () => {
  it('delivers new, edited, deleted and seen events and typing to the right people only', async () => {
    const { client, provider } = await relatedPair(t);
    const conversation = await openConversationVia(t, client, provider);
    const { client: outsider } = await relatedPair(t);
    const clientLive = await connectLive(t.app, client.token);
    const providerLive = await connectLive(t.app, provider.token);
    const outsiderLive = await connectLive(t.app, outsider.token);
    expect(clientLive.events[0]).toEqual({ type: 'auth.ok', userIdentifier: client.id });

    const sent = (await sendVia(t, provider, conversation, 'hello live')).json();
    const received = await clientLive.next((event) => event.type === 'message.new');
    expect(received.message).toMatchObject({ identifier: sent.identifier, text: 'hello live' });
    await providerLive.next((event) => event.type === 'message.new');

    await t.app.inject({
      method: 'PUT',
      url: `/api/messages/${sent.identifier}/update`,
      headers: provider.headers,
      payload: { text: 'hello edited' },
    });
    const edited = await clientLive.next((event) => event.type === 'message.updated');
    expect(edited.message).toMatchObject({ text: 'hello edited' });

    await t.app.inject({
      method: 'PUT',
      url: '/api/messages/mark-seen',
      headers: client.headers,
      payload: { conversationIdentifier: conversation },
    });
    const seen = await providerLive.next((event) => event.type === 'message.seen');
    expect(seen).toMatchObject({ conversationIdentifier: conversation, seenBy: client.id });

    providerLive.send({ type: 'typing', conversationIdentifier: conversation });
    const typing = await clientLive.next((event) => event.type === 'typing');
    expect(typing).toEqual({ type: 'typing', conversationIdentifier: conversation, userIdentifier: provider.id });

    await t.app.inject({ method: 'DELETE', url: `/api/messages/${sent.identifier}`, headers: provider.headers });
    const deleted = await clientLive.next((event) => event.type === 'message.deleted');
    expect(deleted.message).toMatchObject({ text: null });

    // A typing frame for someone else's conversation is dropped.
    outsiderLive.send({ type: 'typing', conversationIdentifier: conversation });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(outsiderLive.events.filter((event) => event.type !== 'auth.ok')).toEqual([]);
    expect(clientLive.events.filter((event) => event.type === 'typing')).toHaveLength(1);
    for (const live of [clientLive, providerLive, outsiderLive]) live.close();
  });

  it('closes with 4401 for a bad token and ignores everything before auth', async () => {
    const live = await connectLive(t.app, null);
    live.send({ type: 'typing', conversationIdentifier: '00000000-0000-4000-8000-000000000000' });
    live.send({ type: 'auth', token: 'not-a-token' });
    const failed = await live.next((event) => event.type === 'auth.failed');
    expect(failed).toEqual({ type: 'auth.failed', code: 'UNAUTHENTICATED' });
    expect((await live.closed).code).toBe(4401);
  });

  it('refuses a token of a revoked session, and closes sockets of a session the hub is told ended', async () => {
    const { client } = await relatedPair(t);
    const live = await connectLive(t.app, client.token);
    t.app.realtime.closeSessions([client.sessionId]);
    expect((await live.closed).code).toBe(4000);
    await t.deps.db.update(authSessions).set({ revokedAt: new Date() }).where(eq(authSessions.id, client.sessionId));
    const again = await connectLive(t.app, client.token);
    expect(again.events[0]).toEqual({ type: 'auth.failed', code: 'UNAUTHENTICATED' });
  });
});
