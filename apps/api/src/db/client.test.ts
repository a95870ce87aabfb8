import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDriver } from '../../test/test-database.ts';
import { rawRows } from '../platform/prepared.ts';
import type { Database } from './client.ts';

describe.runIf(testDriver === 'pg')('the pool’s connections (PostgreSQL)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase({ poolSize: 3 });
  });
  afterAll(() => database.close());

  it('run without JIT compilation, each of them', async () => {
    // Three at once, so the pool opens three connections.
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        database.db.transaction((tx) =>
          rawRows<{ jit: string; pid: number }>(
            tx,
            sql`SELECT current_setting('jit') AS jit, pg_backend_pid() AS pid, pg_sleep(0.05)`,
          ),
        ),
      ),
    );
    const rows = answers.flat();
    expect(new Set(rows.map((row) => row.pid)).size).toBe(3);
    expect(rows.map((row) => row.jit)).toEqual(['off', 'off', 'off']);
  });
});
