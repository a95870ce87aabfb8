import type { BookingParty } from '@app/shared/schemas/bookings';
import type { NoShowCountPage } from '@app/shared/schemas/session-room';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rawRows } from '../../platform/prepared.ts';
import { personName } from '../profiles/person-json.ts';

interface CountRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  deletedAt: string | null;
  noShows: number;
  sessions: number;
  lastNoShowAt: string;
  total: number;
}

/**
 * GET /admin/no-shows?party=provider|client (administrators): the people who missed sessions as
 * that party (provider no-shows, or client no-shows as the room recorded them or the provider
 * marked them), most first, with their number of decided sessions beside it. One grouped read
 * over session_outcomes and bookings; the page's total comes from the same statement.
 */
export async function listNoShowCounts(
  db: Tx,
  input: { party: BookingParty; page: number; perPage: number },
): Promise<NoShowCountPage> {
  const person = input.party === 'provider' ? sql`b.provider_id` : sql`b.client_id`;
  const missed = input.party === 'provider' ? sql`'provider_no_show'` : sql`'client_no_show'`;
  const rows = await rawRows<CountRow>(
    db,
    sql`
    WITH counts AS (
      SELECT ${person} AS user_id,
        count(*) FILTER (WHERE o.outcome = ${missed}::session_outcome)::int AS no_shows,
        count(*)::int AS sessions,
        max(b.ends_at) FILTER (WHERE o.outcome = ${missed}::session_outcome) AS last_no_show_at
      FROM session_outcomes o JOIN bookings b ON b.id = o.booking_id
      GROUP BY ${person}
    )
    SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.email, u.deleted_at AS "deletedAt",
      c.no_shows AS "noShows", c.sessions, c.last_no_show_at AS "lastNoShowAt", count(*) OVER ()::int AS total
    FROM counts c JOIN users u ON u.id = c.user_id
    WHERE c.no_shows > 0
    ORDER BY c.no_shows DESC, c.last_no_show_at DESC, u.id
    LIMIT ${input.perPage} OFFSET ${(input.page - 1) * input.perPage}`,
  );
  const total = rows[0]?.total ?? 0;
  return {
    data: rows.map((row) => ({
      user: { identifier: row.id, name: personName(row), email: row.email },
      noShows: Number(row.noShows),
      sessions: Number(row.sessions),
      lastNoShowAt: new Date(row.lastNoShowAt).toISOString(),
    })),
    meta: { page: input.page, perPage: input.perPage, total, totalPages: Math.ceil(total / input.perPage) },
  };
}
