import type { Database } from '../src/db/client.ts';

/**
 * How many statements `run` sends to a PGlite test database: a list read whose count does not grow
 * with its rows has no query per row. PostgreSQL's pool is not counted (its tests skip these).
 */
export async function countQueries(database: Database, run: () => Promise<unknown>): Promise<number> {
  const client = database.pglite;
  if (!client) throw new Error('countQueries counts PGlite statements only');
  const original = client.query.bind(client);
  let count = 0;
  client.query = ((...args: Parameters<typeof original>) => {
    count += 1;
    return original(...args);
  }) as typeof client.query;
  try {
    await run();
  } finally {
    client.query = original;
  }
  return count;
}
