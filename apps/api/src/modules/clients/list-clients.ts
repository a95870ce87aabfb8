import type { ClientPage, ClientSummary, ClientsQuery } from '@app/shared/schemas/clients';
import { ClientsQuerySchema } from '@app/shared/schemas/clients';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { rawRows } from '../../platform/prepared.ts';
import { publicStorage } from '../../platform/storage.ts';
import { photoUrls } from '../profiles/photo-urls.ts';

/** Keyset cursor over (sort name, identifier), base64url so it travels untouched in a query string. */
export function encodeClientCursor(sortName: string, identifier: string): string {
  return Buffer.from(JSON.stringify([sortName, identifier])).toString('base64url');
}

function decodeClientCursor(cursor: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string')) {
      return value as [string, string];
    }
  } catch {
    // fall through
  }
  throw new AppError('BAD_REQUEST');
}

export interface ClientRow {
  identifier: string;
  user_id: string | null;
  record_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  photo_url: string | null;
  photo_key: string | null;
  booked: boolean;
  imported: boolean;
  deleted: boolean;
  imported_at: Date | string | null;
  invited_at: Date | string | null;
  sort_name: string;
  last_session_at: Date | string | null;
  next_session_at: Date | string | null;
}

/** Last and next session with the provider, for the rows of one page (bookings_client_starts_idx). */
function sessionsLateral(providerId: string, now: Date): SQL {
  return sql`
    LEFT JOIN LATERAL (
      SELECT max(b.starts_at) FILTER (WHERE b.starts_at < ${now} AND b.status IN ('confirmed', 'completed')) AS last_session_at,
             min(b.starts_at) FILTER (WHERE b.starts_at >= ${now} AND b.status IN ('pending', 'confirmed')) AS next_session_at
        FROM bookings b
       WHERE b.client_id = page.account_id AND NOT page.deleted AND b.provider_id = ${providerId}) s ON true`;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toClientSummary(row: ClientRow, storage: ReturnType<typeof publicStorage>): ClientSummary {
  return {
    identifier: row.identifier,
    hasAccount: row.user_id !== null,
    deleted: row.deleted,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    photoUrl: photoUrls(storage, { photoUrl: row.photo_url, photoKey: row.photo_key }).photoUrl,
    booked: row.booked,
    imported: row.imported,
    lastSessionAt: iso(row.last_session_at),
    nextSessionAt: iso(row.next_session_at),
  };
}

/** LIKE pattern of a search term, its wildcards escaped. */
function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * GET /clients?search&cursor&source: the provider's clients by name, keyset-paged (never OFFSET),
 * with each one's last and next session.
 */
export async function listClients(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: { actor: Actor; query: ClientsQuery },
): Promise<ClientPage> {
  if (input.actor.role !== 'provider') throw new AppError('FORBIDDEN');
  const query = ClientsQuerySchema.parse(input.query);
  const rows = await pageOfClients(deps.db, {
    providerId: input.actor.userId,
    now: deps.clock.now(),
    search: query.search,
    cursor: query.cursor ? decodeClientCursor(query.cursor) : null,
    importedOnly: query.source === 'imported',
    limit: query.perPage + 1,
  });
  const more = rows.length > query.perPage;
  const page = rows.slice(0, query.perPage);
  const last = page.at(-1);
  const storage = publicStorage(deps.config);
  return {
    data: page.map((row) => toClientSummary(row, storage)),
    nextCursor: more && last ? encodeClientCursor(last.sort_name, last.identifier) : null,
  };
}

/**
 * One page of the provider's clients in name order, read from client_list_entries (everyone who
 * booked them a time and every record of theirs, kept by the database's triggers: the rule of who
 * is a client and what the list shows lives there, migration client_list_entries), so a page
 * costs its own rows however long the list is. A client who erased their account shows as
 * deleted: no name, email, picture or account.
 */
export function pageOfClients(
  db: Tx,
  input: {
    providerId: string;
    now: Date;
    search?: string;
    cursor: [string, string] | null;
    importedOnly: boolean;
    limit: number;
  },
): Promise<ClientRow[]> {
  const conditions: SQL[] = [sql`e.provider_id = ${input.providerId}`];
  if (input.search) {
    const pattern = containsPattern(input.search);
    conditions.push(sql`(e.sort_name LIKE ${pattern} OR lower(coalesce(e.email, '')) LIKE ${pattern})`);
  }
  if (input.importedOnly) conditions.push(sql`e.imported`);
  if (input.cursor) {
    conditions.push(sql`(e.sort_name, e.identifier) > (${input.cursor[0]}, ${input.cursor[1]}::uuid)`);
  }
  return rawRows<ClientRow>(
    db,
    sql`SELECT page.identifier, CASE WHEN NOT page.deleted THEN page.account_id END AS user_id, page.record_id,
               page.first_name, page.last_name, page.email, page.booked, page.imported, page.deleted,
               page.imported_at, page.invited_at, page.sort_name,
               CASE WHEN page.booked AND NOT page.deleted THEN cp.photo_url END AS photo_url,
               CASE WHEN page.booked AND NOT page.deleted THEN cp.photo_key END AS photo_key,
               s.last_session_at, s.next_session_at
          FROM (SELECT e.* FROM client_list_entries e
                 WHERE ${sql.join(conditions, sql` AND `)}
                 ORDER BY e.sort_name, e.identifier
                 LIMIT ${input.limit}) page
          LEFT JOIN client_profiles cp ON cp.user_id = page.account_id
          ${sessionsLateral(input.providerId, input.now)}
         ORDER BY page.sort_name, page.identifier`,
  );
}
