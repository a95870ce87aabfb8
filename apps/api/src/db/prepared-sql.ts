import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Tx } from './client.ts';

const dialect = new PgDialect();

/**
 * A hand-written statement for a hot path, run as a named prepared statement: its text is built
 * once per process and PostgreSQL parses and plans it once per connection, on the pool or inside
 * a transaction alike. Values go in as `sql.placeholder(name)`. Rows come back as the driver
 * gives them (no Drizzle mapping): name the columns in camelCase with AS and cast what must be a
 * number to int or float8 (bigint and timestamps arrive as strings).
 */
export function preparedSql<Row>(
  name: string,
  build: () => SQL,
): (db: Tx, values: Record<string, unknown>) => Promise<Row[]> {
  let query: Query | undefined;
  return async (db, values) => {
    query ??= dialect.sqlToQuery(build());
    const result = await db._.session.prepareQuery(query, undefined, name, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}

/** A statement built for one call (a list's filter and page), rows as the driver gives them. */
export async function rawRows<Row>(db: Tx, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}
