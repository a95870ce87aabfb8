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

/**
 * The provider's clients as one relation: everyone who booked them a time (their account; a
 * draft without a time never makes a client, see bookings/list-bookings.ts) joined with
 * the provider's records (imports, and records made for booked clients). The name shown is the
 * one the provider entered, else the account's; a client who only was imported shows only what
 * the provider typed (an invitation is not a relation: user_id is set once they accept or book).
 * A client who erased their account shows as deleted: no name, email, picture or account.
 */
export function clientsRelation(providerId: string): SQL {
  return sql`
    WITH booked AS (
      SELECT DISTINCT client_id AS user_id FROM bookings WHERE provider_id = ${providerId} AND starts_at IS NOT NULL
    ), joined AS (
      SELECT coalesce(pc.user_id, b.user_id) AS user_id, pc.id AS record_id, pc.first_name AS rec_first,
             pc.last_name AS rec_last, pc.email AS rec_email, pc.imported_at, pc.invited_at,
             (b.user_id IS NOT NULL) AS booked, (pc.imported_at IS NOT NULL) AS imported
        FROM (SELECT * FROM provider_clients WHERE provider_id = ${providerId}) pc
        FULL JOIN booked b ON b.user_id = pc.user_id
    )
    SELECT coalesce(j.user_id, j.record_id) AS identifier, CASE WHEN NOT j.deleted THEN j.user_id END AS user_id,
           j.record_id, j.booked, j.imported, j.deleted, j.imported_at, j.invited_at,
           CASE WHEN NOT j.deleted THEN coalesce(j.rec_first, j.first_name) END AS first_name,
           CASE WHEN NOT j.deleted THEN coalesce(j.rec_last, j.last_name) END AS last_name,
           CASE WHEN NOT j.deleted THEN coalesce(j.rec_email, CASE WHEN j.booked THEN j.account_email END) END AS email,
           CASE WHEN j.booked AND NOT j.deleted THEN cp.photo_url END AS photo_url,
           CASE WHEN j.booked AND NOT j.deleted THEN cp.photo_key END AS photo_key,
           CASE WHEN j.deleted THEN ''
                ELSE lower(trim(coalesce(j.rec_first, j.first_name, '') || ' ' || coalesce(j.rec_last, j.last_name, '')))
           END AS sort_name
      FROM (SELECT j0.*, u.first_name, u.last_name, u.email AS account_email,
                   coalesce(u.deleted_at IS NOT NULL, false) AS deleted
              FROM joined j0 LEFT JOIN users u ON u.id = j0.user_id) j
      LEFT JOIN client_profiles cp ON cp.user_id = j.user_id`;
}

/** Last and next session with the provider, for the rows of one page (bookings_client_starts_idx). */
export function sessionsLateral(providerId: string, now: Date): SQL {
  return sql`
    LEFT JOIN LATERAL (
      SELECT max(b.starts_at) FILTER (WHERE b.starts_at < ${now} AND b.status IN ('confirmed', 'completed')) AS last_session_at,
             min(b.starts_at) FILTER (WHERE b.starts_at >= ${now} AND b.status IN ('pending', 'confirmed')) AS next_session_at
        FROM bookings b
       WHERE b.client_id = page.user_id AND b.provider_id = ${providerId}) s ON true`;
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
  const conditions: SQL[] = [sql`true`];
  if (input.search) {
    const pattern = containsPattern(input.search);
    conditions.push(sql`(c.sort_name LIKE ${pattern} OR lower(coalesce(c.email, '')) LIKE ${pattern})`);
  }
  if (input.importedOnly) conditions.push(sql`c.imported`);
  if (input.cursor) {
    conditions.push(sql`(c.sort_name, c.identifier) > (${input.cursor[0]}, ${input.cursor[1]}::uuid)`);
  }
  return rawRows<ClientRow>(
    db,
    sql`SELECT page.*, s.last_session_at, s.next_session_at
          FROM (SELECT * FROM (${clientsRelation(input.providerId)}) c
                 WHERE ${sql.join(conditions, sql` AND `)}
                 ORDER BY c.sort_name, c.identifier
                 LIMIT ${input.limit}) page
          ${sessionsLateral(input.providerId, input.now)}
         ORDER BY page.sort_name, page.identifier`,
  );
}
