import { or, type SQL, sql } from 'drizzle-orm';
import { personText, users } from '../../db/schema/index.ts';
import { UUID_PATTERN } from '../../platform/uuid.ts';

/** A LIKE pattern that matches `text` anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * A person search for the back office: part of the email, of the first or last name, of
 * "first last", or the exact identifier. Case-insensitive; the part is found through the
 * trigram index on personText.
 */
export function matchesPerson(searchQuery: string): SQL {
  const conditions: SQL[] = [sql`${personText(users)} ILIKE ${containsPattern(searchQuery)}`];
  if (UUID_PATTERN.test(searchQuery)) conditions.push(sql`${users.id} = ${searchQuery.toLowerCase()}::uuid`);
  return or(...conditions) as SQL;
}
