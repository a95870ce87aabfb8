import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Tx } from '../../db/client.ts';

/** Anything sent to a browser on the live socket: a JSON object with a `type`. */
export interface LiveEvent {
  type: string;
  [key: string]: unknown;
}

export type BusListener = (userIds: string[], event: LiveEvent) => void;

/**
 * Carries events between server processes. `publish` reaches every process's listeners once
 * (the publisher's own included); each process then hands the event to its local sockets.
 */
export interface RealtimeBus {
  publish(userIds: string[], event: LiveEvent): Promise<void>;
  subscribe(listener: BusListener): () => void;
  close(): Promise<void>;
}

/** One process (PGlite): delivery is a function call. */
export function createInProcessBus(): RealtimeBus {
  const listeners = new Set<BusListener>();
  return {
    async publish(userIds, event) {
      for (const listener of listeners) listener(userIds, event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}

export const NOTIFY_CHANNEL = 'realtime_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; bigger events go through a table. */
const MAX_NOTIFY_BYTES = 7900;

type Envelope = { u?: string[]; e?: LiveEvent; r?: string };

/** Reads one NOTIFY payload (the envelope, or the id of a stored one) and hands it on. */
async function deliverPayload(
  payload: string,
  readStored: (id: string) => Promise<string | undefined>,
  deliver: (userIds: string[], event: LiveEvent) => void,
): Promise<void> {
  const data = JSON.parse(payload) as Envelope;
  if (data.u && data.e) return deliver(data.u, data.e);
  if (data.r) {
    const stored = await readStored(data.r);
    if (!stored) return;
    const envelope = JSON.parse(stored) as { u: string[]; e: LiveEvent };
    deliver(envelope.u, envelope.e);
  }
}

/**
 * Publishes inside a database transaction: PostgreSQL delivers the notification only when `tx`
 * commits (never for a rolled-back change), to every process listening (the PostgreSQL bus, or
 * the PGlite bus of a single process). Background jobs and worker processes without sockets use
 * it too: the processes that hold the sockets deliver.
 */
export async function publishInTransaction(tx: Tx, userIds: string[], event: LiveEvent): Promise<void> {
  if (userIds.length === 0) return;
  let payload = JSON.stringify({ u: [...new Set(userIds)], e: event });
  if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) {
    const id = randomUUID();
    await tx.execute(sql`INSERT INTO realtime_events (id, payload) VALUES (${id}, ${payload})`);
    payload = JSON.stringify({ r: id });
  }
  await tx.execute(sql`SELECT pg_notify(${NOTIFY_CHANNEL}, ${payload})`);
}

/**
 * One process on PGlite: `publish` is a function call, as in the in-process bus, and what
 * publishInTransaction notifies arrives through PGlite's LISTEN after the commit.
 */
export async function createPgliteBus(pglite: PGlite, log?: FastifyBaseLogger): Promise<RealtimeBus> {
  const bus = createInProcessBus();
  const listeners = new Set<BusListener>();
  const deliver = (userIds: string[], event: LiveEvent) => {
    for (const listener of listeners) listener(userIds, event);
  };
  const unlisten = await pglite.listen(NOTIFY_CHANNEL, (payload) => {
    void deliverPayload(
      payload,
      async (id) =>
        (await pglite.query<{ payload: string }>('SELECT payload FROM realtime_events WHERE id = $1', [id])).rows[0]
          ?.payload,
      deliver,
    ).catch((error) => log?.warn({ err: error }, 'realtime: could not read a notification'));
  });
  return {
    publish: (userIds, event) => bus.publish(userIds, event),
    subscribe(listener) {
      const off = bus.subscribe(listener);
      listeners.add(listener);
      return () => {
        off();
        listeners.delete(listener);
      };
    },
    async close() {
      listeners.clear();
      await unlisten().catch(() => {});
      await bus.close();
    },
  };
}

/**
 * PostgreSQL LISTEN/NOTIFY on one dedicated connection. Small events travel in the payload
 * (`{u: userIds, e: event}`); larger ones are stored in realtime_events and the payload carries
 * only `{r: rowId}`. The listening connection reconnects with backoff if it drops.
 */
export async function createPostgresBus(pool: pg.Pool, log?: FastifyBaseLogger): Promise<RealtimeBus> {
  const listeners = new Set<BusListener>();
  /** The listening connection and how to let go of it (once: it is never handed back to the pool). */
  let listening: { client: pg.PoolClient; drop: () => void } | null = null;
  let closed = false;
  let retryMs = 250;

  const deliver = (userIds: string[], event: LiveEvent) => {
    for (const listener of listeners) listener(userIds, event);
  };

  const onNotification = async (message: pg.Notification) => {
    if (message.channel !== NOTIFY_CHANNEL || !message.payload) return;
    try {
      await deliverPayload(
        message.payload,
        async (id) =>
          (await pool.query<{ payload: string }>('SELECT payload FROM realtime_events WHERE id = $1', [id])).rows[0]
            ?.payload,
        deliver,
      );
    } catch (error) {
      log?.warn({ err: error }, 'realtime: could not read a notification');
    }
  };

  const retry = () => {
    setTimeout(() => void connect(), retryMs);
    retryMs = Math.min(retryMs * 2, 10_000);
  };

  const connect = async (): Promise<void> => {
    if (closed) return;
    try {
      const next = await pool.connect();
      const notify = (message: pg.Notification) => void onNotification(message);
      let dropped = false;
      // Destroyed, not returned: a connection that listened is not reused by other queries. Our
      // handlers leave with it; a no-op error handler stays, since a dying connection may still
      // emit an error and an unheard one would crash the process.
      const drop = () => {
        if (dropped) return;
        dropped = true;
        next.off('notification', notify);
        next.off('error', onError);
        next.on('error', () => {});
        if (listening?.client === next) listening = null;
        next.release(true);
      };
      // Lost while listening: listen again. Lost during LISTEN itself: the failed query's catch
      // below retries (once).
      const onError = (error: Error) => {
        const wasListening = listening?.client === next;
        drop();
        if (closed || !wasListening) return;
        log?.warn({ err: error }, 'realtime: listening connection lost');
        retry();
      };
      next.on('notification', notify);
      next.on('error', onError);
      try {
        await next.query(`LISTEN ${NOTIFY_CHANNEL}`);
      } catch (error) {
        drop();
        throw error;
      }
      if (closed) return drop();
      listening = { client: next, drop };
      retryMs = 250;
    } catch (error) {
      if (closed) return;
      log?.warn({ err: error }, 'realtime: could not listen; retrying');
      retry();
    }
  };
  await connect();

  return {
    async publish(userIds, event) {
      if (userIds.length === 0) return;
      let payload = JSON.stringify({ u: userIds, e: event });
      if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) {
        // Recipients and event both go to the table (a long recipient list alone can pass 8000 bytes).
        const id = randomUUID();
        await pool.query('INSERT INTO realtime_events (id, payload) VALUES ($1, $2)', [id, payload]);
        await pool.query("DELETE FROM realtime_events WHERE created_at < now() - interval '1 minute'");
        payload = JSON.stringify({ r: id });
      }
      await pool.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, payload]);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      listeners.clear();
      const current = listening;
      listening = null;
      current?.drop();
    },
  };
}
