import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { openTestDatabase, testDriver } from '../../../test/test-database.ts';
import { openDatabase } from '../../db/client.ts';
import { connectLive } from './live-client.ts';
import { openConversationVia, relatedPair, sendVia } from './test-support.ts';

/**
 * Two server processes behind one PostgreSQL: each app has its own pool and its own LISTEN
 * connection (as two processes would), and shares only the database.
 */
/**
 * How long an event may take from one process to the other. It takes well under a second on a
 * quiet machine; the bound only has to tell the notification from no delivery (nothing else
 * would bring it before the hub's 30 s heartbeat), and a loaded machine stretches a second.
 */
const DELIVERY_MS = 5_000;

describe.runIf(testDriver === 'pg')('live events across processes (PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const database = await openTestDatabase();
    const url = (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString as string;
    a = await buildTestApp({ database });
    b = await buildTestApp({ database: await openDatabase({ url }) });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('a message stored through process A reaches a socket on process B at once', async () => {
    const { client, provider } = await relatedPair(a);
    const conversation = await openConversationVia(a, client, provider);
    const live = await connectLive(b.app, client.token);
    expect(live.events[0]).toMatchObject({ type: 'auth.ok' });
    const started = performance.now();
    const sent = (await sendVia(a, provider, conversation, 'across processes')).json();
    const received = await live.next((event) => event.type === 'message.new', DELIVERY_MS);
    expect(performance.now() - started).toBeLessThan(DELIVERY_MS);
    expect(received.message).toMatchObject({ identifier: sent.identifier, text: 'across processes' });

    // An event larger than a NOTIFY payload travels through the realtime_events table.
    const long = 'ü'.repeat(3990);
    await sendVia(a, provider, conversation, long);
    const big = await live.next(
      (event) => event.type === 'message.new' && (event.message as { text: string }).text === long,
      DELIVERY_MS,
    );
    expect(big).toBeTruthy();

    // So does one published to more people than fit in a notification (1,000 ids > 8000 bytes).
    const many = [...Array.from({ length: 999 }, () => crypto.randomUUID()), client.id];
    await a.app.realtime.publish(many, { type: 'broadcast.test' });
    await live.next((event) => event.type === 'broadcast.test', DELIVERY_MS);
    live.close();
  });

  it('opens one conversation when both people open it at the same moment on both processes', async () => {
    const { client, provider } = await relatedPair(a);
    const ids = await Promise.all([
      openConversationVia(a, client, provider),
      openConversationVia(b, provider, client),
      openConversationVia(a, provider, client),
      openConversationVia(b, client, provider),
    ]);
    expect(new Set(ids).size).toBe(1);
  });
});
