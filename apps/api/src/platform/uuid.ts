import { type SQL, sql } from 'drizzle-orm';

/**
 * A UUID in its text form, in either case: what an id from a path, a cursor or a text column must
 * look like before it is compared with a uuid column (a cast of anything else fails the statement).
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** UUID_PATTERN in SQL: whether the text expression `value` is a UUID. */
export function isUuidSql(value: SQL): SQL {
  return sql`(${value} ~* ${sql.raw(`'${UUID_PATTERN.source}'`)})`;
}
