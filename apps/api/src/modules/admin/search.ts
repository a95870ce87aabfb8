import { or, type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A LIKE pattern that matches `text` anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * A person search for the back office: part of the email, of the first or last name, of
 * "first last", or the exact identifier. Case-insensitive.
 */
export function matchesPerson(searchQuery: string): SQL {
  const pattern = containsPattern(searchQuery);
  const conditions: SQL[] = [
    sql`${users.email} ILIKE ${pattern}`,
    sql`${users.firstName} ILIKE ${pattern}`,
    sql`${users.lastName} ILIKE ${pattern}`,
    sql`(${users.firstName} || ' ' || ${users.lastName}) ILIKE ${pattern}`,
  ];
  if (UUID.test(searchQuery)) conditions.push(sql`${users.id} = ${searchQuery.toLowerCase()}::uuid`);
  return or(...conditions) as SQL;
}
