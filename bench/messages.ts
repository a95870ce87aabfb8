/**
 * Messages: keyset paging stays flat with depth, and the live socket fans out.
 *
 * 1. Chat list: one user with 10,020 conversations (20 per page): page 500 must answer within
 *    1.5 × the time of page 1. Thread: one conversation with 15,030 messages (30 per page), same goal.
 * 2. 1,000 authenticated sockets on one process; an event published to all 1,000 users travels
 *    through PostgreSQL LISTEN/NOTIFY and the hub; the delivery latency per socket (p50, p99) is printed.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { encodeCursor } from '../apps/api/src/modules/messages/cursor.ts';
import { signAccessToken } from '../apps/api/src/platform/tokens.ts';
import { recordRun } from './record.ts';
import { admin, benchDeps, urlFor } from './support.ts';

const CONVERSATIONS = 10_020;
const MESSAGES = 15_030;
const DEEP_PAGE = 500;
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const FANOUT_ROUNDS = 20;
const SAMPLES = 40;
const GOAL_RATIO = 1.5;

const dbName = `bench_messages_${process.pid}`;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const fmt = (ms: number) => ms.toFixed(2);

/** Median time of `SAMPLES` sequential GETs (after a warm-up of 10). */
async function medianGet(url: string, token: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  for (let i = 0; i < 10; i++) await (await fetch(url, { headers })).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    const body = (await response.json()) as { data: unknown[] };
    times.push(performance.now() - started);
    if (response.status !== 200 || body.data.length === 0) throw new Error(`${url}: ${response.status}`);
  }
  return percentile(times, 50);
}

async function main() {
  recordRun('messages');
  await admin((client) => client.query(`CREATE DATABASE ${dbName}`));
  const database = await openDatabase({ url: urlFor(dbName), poolSize: 10 });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const sockets: WebSocket[] = [];
  try {
    await database.migrate();
    const { db } = database;
    const started = Date.now();
    // Users: 0 is the reader, 1..CONVERSATIONS the people they talk to (and the socket owners).
    const people = Math.max(CONVERSATIONS, SOCKETS);
    await db.execute(sql`
      INSERT INTO users (id, email, role, first_name, last_name)
      SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, 'bench' || n || '@bench.test',
             CASE WHEN n = 0 THEN 'client' ELSE 'provider' END::user_role, 'Person', 'No ' || n
      FROM generate_series(0, ${people}) AS n`);
    const reader = '00000000-0000-4000-8000-000000000000';
    await db.execute(sql`
      INSERT INTO conversations (id, user_low_id, user_high_id)
      SELECT ('10000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, ${reader}::uuid,
             ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid
      FROM generate_series(1, ${CONVERSATIONS}) AS n`);
    await db.execute(sql`
      INSERT INTO conversation_members (conversation_id, user_id, other_user_id, last_message_at, has_messages, unread_count)
      SELECT c.id, m.user_id, m.other_id, now() - (n || ' minutes')::interval, 1, n % 3
      FROM generate_series(1, ${CONVERSATIONS}) AS n
      JOIN conversations c ON c.id = ('10000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid
      CROSS JOIN LATERAL (VALUES (c.user_low_id, c.user_high_id), (c.user_high_id, c.user_low_id)) AS m(user_id, other_id)`);
    // One message per conversation (the chat list's "last message"), and a long thread in the first.
    await db.execute(sql`
      INSERT INTO messages (conversation_id, sender_id, text, created_at)
      SELECT cm.conversation_id, cm.other_user_id, 'Hello number ' || row_number() OVER (), cm.last_message_at
      FROM conversation_members cm WHERE cm.user_id = ${reader}::uuid`);
    const thread = '10000000-0000-4000-8000-000000000001';
    await db.execute(sql`
      INSERT INTO messages (conversation_id, sender_id, text, created_at)
      SELECT ${thread}::uuid,
             CASE WHEN n % 2 = 0 THEN ${reader}::uuid ELSE '00000000-0000-4000-8000-000000000001'::uuid END,
             'Thread message ' || n, now() - interval '2 days' + (n || ' seconds')::interval
      FROM generate_series(1, ${MESSAGES}) AS n`);
    await db.execute(sql`ANALYZE`);
    console.log(`seeded ${CONVERSATIONS} conversations and ${MESSAGES} thread messages in ${Date.now() - started} ms`);

    const deps = benchDeps(database, { DATA_DIR: 'node_modules/.cache/bench-data' });
    app = await buildApp(deps);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const sessions = rowsOf<{ id: string; user_id: string }>(
      await db.execute(sql`
        INSERT INTO auth_sessions (user_id, expires_at)
        SELECT id, now() + interval '1 day' FROM users ORDER BY id LIMIT ${SOCKETS + 1}
        RETURNING id, user_id`),
    );
    const tokenOf = (session: { id: string; user_id: string }) =>
      signAccessToken(
        { secret: deps.config.APP_SECRET, ttlSeconds: 3600, now: new Date() },
        { userId: session.user_id, role: session.user_id === reader ? 'client' : 'provider', sessionId: session.id },
      );
    const readerSession = sessions.find((session) => session.user_id === reader);
    if (!readerSession) throw new Error('no reader session');
    const readerToken = await tokenOf(readerSession);

    // -- 1. keyset paging depth ---------------------------------------------------------------
    const [chatRow] = rowsOf<{ last_message_at: Date; conversation_id: string }>(
      await db.execute(sql`
        SELECT last_message_at, conversation_id FROM conversation_members WHERE user_id = ${reader}::uuid
        ORDER BY last_message_at DESC, conversation_id DESC OFFSET ${(DEEP_PAGE - 1) * 20 - 1} LIMIT 1`),
    );
    const [threadRow] = rowsOf<{ created_at: Date; id: string }>(
      await db.execute(sql`
        SELECT created_at, id FROM messages WHERE conversation_id = ${thread}::uuid
        ORDER BY created_at DESC, id DESC OFFSET ${(DEEP_PAGE - 1) * 30 - 1} LIMIT 1`),
    );
    if (!chatRow || !threadRow) throw new Error('seed too small');
    const chatDeep = encodeCursor(new Date(chatRow.last_message_at), chatRow.conversation_id);
    const threadDeep = encodeCursor(new Date(threadRow.created_at), threadRow.id);

    let pass = true;
    console.log(`\nNode ${process.version}; median of ${SAMPLES} sequential requests each\n`);
    for (const target of [
      { name: 'chat list   GET /api/messages/chat-list', path: '/api/messages/chat-list', deep: chatDeep },
      {
        name: 'thread      GET /api/messages/conversations/:id/messages',
        path: `/api/messages/conversations/${thread}/messages`,
        deep: threadDeep,
      },
    ]) {
      const first = await medianGet(`${base}${target.path}`, readerToken);
      const deep = await medianGet(`${base}${target.path}?cursor=${target.deep}`, readerToken);
      const ratio = deep / first;
      const ok = ratio <= GOAL_RATIO;
      pass &&= ok;
      console.log(target.name);
      console.log(
        `  page 1 ${fmt(first)} ms   page ${DEEP_PAGE} ${fmt(deep)} ms   ratio ${ratio.toFixed(2)}   goal ≤ ${GOAL_RATIO}: ${ok ? 'met' : 'MISSED'}\n`,
      );
    }

    // -- 2. socket fan-out ----------------------------------------------------------------------
    const wsUrl = `${base.replace('http', 'ws')}/api/ws`;
    const owners = sessions.filter((session) => session.user_id !== reader).slice(0, SOCKETS);
    const latencies: number[] = [];
    let round = -1;
    let sentAt = 0;
    let received = 0;
    let roundDone: (() => void) | null = null;
    const connectStarted = performance.now();
    for (let i = 0; i < owners.length; i += 100) {
      await Promise.all(
        owners.slice(i, i + 100).map(async (owner) => {
          const socket = new WebSocket(wsUrl);
          sockets.push(socket);
          await new Promise<void>((resolve, reject) => {
            socket.once('error', reject);
            socket.on('message', (raw) => {
              const event = JSON.parse(raw.toString()) as { type: string; round?: number };
              if (event.type === 'auth.ok') return resolve();
              if (event.type === 'bench' && event.round === round) {
                latencies.push(performance.now() - sentAt);
                received++;
                if (received === owners.length) roundDone?.();
              }
            });
            socket.once('open', async () => socket.send(JSON.stringify({ type: 'auth', token: await tokenOf(owner) })));
          });
        }),
      );
    }
    console.log(
      `${owners.length} sockets authenticated in ${fmt(performance.now() - connectStarted)} ms (hub holds ${app.realtime.socketCount()})`,
    );
    const userIds = owners.map((owner) => owner.user_id);
    const text = 'A message of ordinary length, about as long as people write in a chat. '.repeat(3);
    const memoryBefore = process.memoryUsage().rss;
    for (round = 0; round < FANOUT_ROUNDS; round++) {
      received = 0;
      const done = new Promise<void>((resolve) => {
        roundDone = resolve;
      });
      sentAt = performance.now();
      await app.realtime.publish(userIds, { type: 'bench', round, message: { text } });
      await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (received < owners.length) console.log(`  round ${round}: only ${received} of ${owners.length} delivered`);
    }
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(
      `fan-out of one event to ${owners.length} users through LISTEN/NOTIFY, ${FANOUT_ROUNDS} rounds (${latencies.length} deliveries):`,
    );
    console.log(`  p50 ${fmt(p50)} ms   p99 ${fmt(p99)} ms   max ${fmt(Math.max(...latencies))} ms`);
    console.log(`  process RSS ${(memoryBefore / 1024 / 1024).toFixed(0)} MB with ${owners.length} sockets open\n`);
    pass &&= latencies.length === owners.length * FANOUT_ROUNDS;
    console.log(pass ? 'all goals met' : 'some goals MISSED');
    process.exitCode = pass ? 0 : 1;
  } finally {
    for (const socket of sockets) socket.terminate();
    if (app) await app.close();
    await database.close();
    if (process.env.BENCH_KEEP_DB) console.log(`kept database ${dbName}`);
    else await admin((client) => client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
