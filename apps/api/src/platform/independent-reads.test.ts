import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDriver } from '../../test/test-database.ts';
import type { Database, Tx } from '../db/client.ts';
import { independentReads, rawRows } from './prepared.ts';

/**
 * Runs `work` with the driver watched: answers the most statements one connection was asked to
 * run at the same time (pg queues a second one rather than refuse it, so only the driver sees it).
 */
async function mostAtOnce(work: () => Promise<unknown>): Promise<number> {
  const original = pg.Client.prototype.query;
  const active = new Map<object, number>();
  let most = 0;
  pg.Client.prototype.query = function watched(this: pg.Client, ...args: unknown[]) {
    const now = (active.get(this) ?? 0) + 1;
    active.set(this, now);
    most = Math.max(most, now);
    const done = () => active.set(this, (active.get(this) ?? 1) - 1);
    const result = (original as (...a: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) result.then(done, done);
    else done();
    return result;
  } as typeof original;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
  }
  return most;
}

/** A read that takes a moment and says when, on which connection, it ran. */
const timedRead = (db: Tx, label: string) => async () => {
  const [row] = await rawRows<{ started: string; ended: string; pid: number }>(
    db,
    sql`SELECT clock_timestamp()::text AS started, pg_backend_pid() AS pid, pg_sleep(0.05)::text AS slept, clock_timestamp()::text AS ended`,
  );
  return { label, ...(row as { started: string; ended: string; pid: number }) };
};

describe.runIf(testDriver === 'pg')('independent reads (PostgreSQL)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase({ poolSize: 3 });
  });
  afterAll(() => database.close());

  it('run one after another inside a transaction, whose one connection takes one statement at a time', async () => {
    let answers: { label: string; started: string; ended: string; pid: number }[] = [];
    const most = await mostAtOnce(async () => {
      answers = await database.db.transaction((tx) =>
        independentReads(tx, [timedRead(tx, 'first'), timedRead(tx, 'second'), timedRead(tx, 'third')]),
      );
    });
    expect(most).toBe(1);
    expect(answers.map((answer) => answer.label)).toEqual(['first', 'second', 'third']);
    const [first, second] = answers as [(typeof answers)[0], (typeof answers)[0]];
    expect(second.pid).toBe(first.pid);
    expect(new Date(second.started).getTime()).toBeGreaterThanOrEqual(new Date(first.ended).getTime());
  });

  it('run at once on the pool, each on a connection of its own, answered in order', async () => {
    const [first, second] = await independentReads(database.db, [
      timedRead(database.db, 'first'),
      timedRead(database.db, 'second'),
    ]);
    expect([first.label, second.label]).toEqual(['first', 'second']);
    expect(second.pid).not.toBe(first.pid);
  });
});
