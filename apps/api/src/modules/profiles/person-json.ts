import { type SQL, sql } from 'drizzle-orm';
import type { Storage } from '../../platform/storage.ts';
import { photoUrls } from './photo-urls.ts';

/**
 * A person as the API's answers show one (a booking's parties, a card, an email's greeting):
 * the columns read in SQL (personJson) and the name and picture made of them.
 */

export interface PersonRow {
  firstName: string | null;
  lastName: string | null;
  email: string;
  deletedAt: string | null;
  photoUrl: string | null;
  photoKey: string | null;
}

/** A person of the answer (PersonRow) from a users row and its profile row. */
export const personJson = (user: SQL, profile: SQL) => sql`json_build_object('firstName', ${user}.first_name,
  'lastName', ${user}.last_name, 'email', ${user}.email, 'deletedAt', ${user}.deleted_at,
  'photoUrl', ${profile}.photo_url, 'photoKey', ${profile}.photo_key)`;

/** Joins of the answer's client (cu, cp) over `rows`, anything with a client_id column. */
export const clientJoins = (rows: SQL) => sql`
    LEFT JOIN users cu ON cu.id = ${rows}.client_id
    LEFT JOIN client_profiles cp ON cp.user_id = ${rows}.client_id`;

/** The name shown for a person: first and last, else the email (nothing for a deleted account). */
export function personName(person: {
  firstName: string | null;
  lastName: string | null;
  email: string;
  deletedAt?: Date | string | null;
}): string {
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  if (name) return name;
  return person.deletedAt ? '' : person.email;
}

/** The answer's person: id, name and picture. */
export function personView(id: string, row: PersonRow, storage: Storage) {
  return { identifier: id, name: personName(row), photo: photoUrls(storage, row).photoUrl };
}
