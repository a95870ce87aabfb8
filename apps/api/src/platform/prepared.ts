import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';

/**
 * Prepared statements, one way, on Drizzle's public API (a query builder's `.prepare(name)`):
 * PostgreSQL parses and plans a named statement once per connection instead of on every call.
 * The hot paths (bookings, the ledger, the calendar reads, payments by reference) use it.
 *
 * - `prepared(db, name, build)`: a query-builder statement, built once per database handle (the
 *   pool's handle for the process; a transaction handle gets its own).
 * - `preparedSql(name, build)`: a hand-written statement (common table expressions that write,
 *   then the answer's select), run the same way; rows come back as the driver gives them (name
 *   the columns in camelCase with AS and cast what must be a number to int or float8: bigint and
 *   timestamps arrive as strings).
 * - `statementQuery(db, name, statement)`: the same for a statement whose values are inlined
 *   (the ledger's posting): built per call, prepared under `name` (same text for every call).
 * - `shapedRows(db, name, statement)`: a statement built per call whose text takes one of a
 *   few shapes (a list's filters and page): prepared once per shape, named by its text.
 * - `independentReads(db, reads)`: reads that do not depend on each other, at once where that is
 *   possible.
 */
const statementsByDb = new WeakMap<object, Map<string, unknown>>();

export function prepared<Q>(db: Tx, name: string, build: (name: string) => Q): Q {
  let statements = statementsByDb.get(db);
  if (!statements) {
    statements = new Map();
    statementsByDb.set(db, statements);
  }
  let statement = statements.get(name) as Q | undefined;
  if (statement === undefined) {
    statement = build(name);
    statements.set(name, statement);
  }
  return statement;
}

/**
 * A hand-written statement: its common table expressions in order (they may write), the
 * answer's select over them, and the answer's column names (as the select's AS names them).
 * It runs as `WITH <with…>, answer AS (<select>) SELECT <columns> FROM answer` (a select alone as
 * `SELECT <columns> FROM (<select>) AS answer`): the answer is referenced once and writes
 * nothing, so PostgreSQL inlines it and the plan is the select's own.
 */
export interface Statement<Row> {
  with?: Record<string, SQL>;
  select: SQL;
  columns: readonly ColumnOf<Row>[];
}

/** A column name of any member of the row type (rows may be unions). */
type ColumnOf<Row> = Row extends unknown ? keyof Row & string : never;

export function statementQuery<Row>(db: Tx, name: string, statement: Statement<Row>) {
  const selection = Object.fromEntries(
    statement.columns.map((column) => [column, sql`${sql.identifier(column)}`.as(column)]),
  );
  const ctes = Object.entries(statement.with ?? {}).map(([alias, body]) => db.$with(alias, {}).as(body));
  const query =
    ctes.length === 0
      ? db.select(selection).from(sql`(${statement.select}) AS answer`)
      : db
          .with(...ctes, db.$with('answer', selection).as(statement.select))
          .select(selection)
          .from(sql`answer`);
  return query.prepare(name) as unknown as { execute(values?: Record<string, unknown>): Promise<Row[]> };
}

/** A hand-written statement with `sql.placeholder` values, prepared once per database handle. */
export function preparedSql<Row>(
  name: string,
  build: () => Statement<Row>,
): (db: Tx, values: Record<string, unknown>) => Promise<Row[]> {
  let statement: Statement<Row> | undefined;
  return (db, values) => {
    statement ??= build();
    const built = statement;
    return prepared(db, name, () => statementQuery(db, name, built)).execute(values);
  };
}

/** A statement built for one call (a list's filter and page), rows as the driver gives them. */
export async function rawRows<Row>(db: Tx, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

const dialect = new PgDialect();

/**
 * A statement built per call (a list's filters and page) prepared under a name its text gives,
 * so each shape is planned once per connection: for a statement joining many tables, planning
 * costs more than running it. Only for a bounded set of shapes (no list of values whose length
 * varies freely): each shape stays prepared on each pooled connection.
 */
export function shapedRows<Row>(db: Tx, name: string, statement: Statement<Row>): Promise<Row[]> {
  const text = dialect.sqlToQuery(statement.select).sql;
  const shape = `${name}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  return statementQuery(db, shape, statement).execute();
}

/**
 * Reads that do not depend on each other, each a function that starts it: at once on the pool
 * (each takes a connection of its own), one after another on a transaction, whose one connection
 * runs one statement at a time (pg queues a second with a deprecation warning today; pg 9 refuses
 * it). Answers their results in order, as Promise.all does.
 */
export async function independentReads<T extends readonly unknown[]>(
  db: Tx,
  reads: { readonly [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  const starts = reads as readonly (() => PromiseLike<unknown>)[];
  if (!(db instanceof PgTransaction)) return (await Promise.all(starts.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of starts) results.push(await read());
  return results as unknown as T;
}
