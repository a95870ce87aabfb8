import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, testDriver } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { createPostgresBus, type LiveEvent } from './bus.ts';

/** Backends of this database whose last statement was LISTEN or UNLISTEN: the bus's connection. */
async function listeningBackends(pool: pg.Pool): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ~ '^(UN)?LISTEN '`,
  );
  return rows.map((row) => row.pid);
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(testDriver === 'pg')('the PostgreSQL bus (LISTEN/NOTIFY)', () => {
  let database: Database;
  let pool: pg.Pool;

  beforeEach(async () => {
    database = await openTestDatabase();
    pool = (database.db as unknown as { $client: pg.Pool }).$client;
  });
  afterEach(async () => {
    await database.close();
  });

  it('listens again after its connection is killed, and lets go of it for good when closed', async () => {
    const bus = await createPostgresBus(pool);
    const received: Array<[string[], LiveEvent]> = [];
    bus.subscribe((userIds, event) => received.push([userIds, event]));

    await bus.publish(['u1'], { type: 'ping', n: 1 });
    await until(
      async () => received.length,
      (n) => n === 1,
    );
    expect(received).toEqual([[['u1'], { type: 'ping', n: 1 }]]);

    // The listening connection dies (a failover, an operator's kill): the bus reconnects.
    const [pid] = await listeningBackends(pool);
    expect(pid).toBeDefined();
    await pool.query('SELECT pg_terminate_backend($1)', [pid]);
    const again = await until(
      () => listeningBackends(pool),
      (pids) => pids.length === 1 && pids[0] !== pid,
    );
    expect(again).toHaveLength(1);
    await bus.publish(['u2'], { type: 'ping', n: 2 });
    await until(
      async () => received.length,
      (n) => n === 2,
    );
    expect(received[1]).toEqual([['u2'], { type: 'ping', n: 2 }]);

    // Closed: the connection is destroyed, not handed back to the pool, where the bus's error
    // handler would release it a second time (an uncaught exception) when the server ends it.
    await bus.close();
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    // From a connection of its own: a pooled one could be the very connection the bus let go of.
    const killer = new pg.Client(pool.options);
    await killer.connect();
    try {
      await killer.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      process.off('uncaughtException', record);
      await killer.end();
    }
    expect(uncaught).toEqual([]);
    await bus.publish(['u3'], { type: 'ping', n: 3 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toHaveLength(2);
  });
});
