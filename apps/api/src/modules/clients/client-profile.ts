import type { ClientProfile, ClientRelation } from '@app/shared/schemas/clients';
import { sql } from 'drizzle-orm';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { rawRows } from '../../platform/prepared.ts';
import { publicStorage } from '../../platform/storage.ts';
import { photoUrls } from '../profiles/photo-urls.ts';
import { resolveClient } from './relation.ts';

type ReadDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function assertProvider(actor: Actor): void {
  if (actor.role !== 'provider') throw new AppError('FORBIDDEN');
}

/**
 * GET /client/profile/{id}: the client as their provider sees them. The name and email the
 * provider entered come first; the account's own details (phone, picture, zone, country) only
 * for a client who booked this provider, which is their choice to share. Anyone else's: 404.
 */
export async function getClientProfile(
  deps: ReadDeps,
  input: { actor: Actor; clientId: string },
): Promise<ClientProfile> {
  assertProvider(input.actor);
  const client = await resolveClient(deps.db, { providerId: input.actor.userId, id: input.clientId });
  const [row] = await rawRows<{
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    phone_number: string | null;
    photo_url: string | null;
    photo_key: string | null;
    timezone: string | null;
    country_code: string | null;
    deleted: boolean;
  }>(
    deps.db,
    sql`SELECT coalesce(pc.first_name, u.first_name) AS first_name, coalesce(pc.last_name, u.last_name) AS last_name,
               coalesce(pc.email, CASE WHEN ${client.booked} THEN u.email END) AS email,
               CASE WHEN ${client.booked} THEN u.phone_number END AS phone_number,
               CASE WHEN ${client.booked} THEN cp.photo_url END AS photo_url,
               CASE WHEN ${client.booked} THEN cp.photo_key END AS photo_key,
               CASE WHEN ${client.booked} THEN u.timezone END AS timezone,
               CASE WHEN ${client.booked} THEN co.code END AS country_code,
               coalesce(u.deleted_at IS NOT NULL, false) AS deleted
          FROM (SELECT 1) one
          LEFT JOIN provider_clients pc ON pc.id = ${client.recordId}::uuid
          LEFT JOIN users u ON u.id = ${client.userId}::uuid
          LEFT JOIN client_profiles cp ON cp.user_id = u.id
          LEFT JOIN countries co ON co.id = u.country_id`,
  );
  if (!row) throw new AppError('NOT_FOUND');
  if (row.deleted) {
    // An erased client: nothing that names them is shown (the web says "Deleted client").
    return {
      identifier: client.identifier,
      hasAccount: false,
      deleted: true,
      firstName: null,
      lastName: null,
      email: null,
      phoneNumber: null,
      photoUrl: null,
      timezone: null,
      countryCode: null,
    };
  }
  return {
    identifier: client.identifier,
    hasAccount: client.userId !== null,
    deleted: false,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phoneNumber: row.phone_number,
    photoUrl: photoUrls(publicStorage(deps.config), { photoUrl: row.photo_url, photoKey: row.photo_key }).photoUrl,
    timezone: row.timezone,
    countryCode: row.country_code,
  };
}

/** GET /clients/relation/{id}: how this client is the provider's, their sessions, and what the provider can do. */
export async function getClientRelation(
  deps: ReadDeps,
  input: { actor: Actor; clientId: string },
): Promise<ClientRelation> {
  assertProvider(input.actor);
  const providerId = input.actor.userId;
  const client = await resolveClient(deps.db, { providerId, id: input.clientId });
  const now = deps.clock.now();
  const [row] = await rawRows<{
    imported_at: Date | string | null;
    invited_at: Date | string | null;
    sessions: number;
    first_at: Date | string | null;
    last_at: Date | string | null;
    next_at: Date | string | null;
    deleted: boolean;
  }>(
    deps.db,
    sql`SELECT pc.imported_at, pc.invited_at, s.sessions, s.first_at, s.last_at, s.next_at,
               coalesce(u.deleted_at IS NOT NULL, false) AS deleted
          FROM (SELECT 1) one
          LEFT JOIN provider_clients pc ON pc.id = ${client.recordId}::uuid
          LEFT JOIN users u ON u.id = ${client.userId}::uuid
          LEFT JOIN LATERAL (
            SELECT count(*) FILTER (WHERE b.status IN ('confirmed', 'completed'))::int AS sessions,
                   min(b.starts_at) FILTER (WHERE b.status IN ('confirmed', 'completed')) AS first_at,
                   max(b.starts_at) FILTER (WHERE b.starts_at < ${now} AND b.status IN ('confirmed', 'completed')) AS last_at,
                   min(b.starts_at) FILTER (WHERE b.starts_at >= ${now} AND b.status IN ('pending', 'confirmed')) AS next_at
              FROM bookings b
             WHERE b.client_id = ${client.userId}::uuid AND b.provider_id = ${providerId}) s ON true`,
  );
  if (!row) throw new AppError('NOT_FOUND');
  const reachable = client.userId !== null && !row.deleted;
  return {
    identifier: client.identifier,
    booked: client.booked,
    imported: row.imported_at !== null,
    importedAt: iso(row.imported_at),
    invitedAt: iso(row.invited_at),
    sessionsCount: Number(row.sessions ?? 0),
    firstSessionAt: iso(row.first_at),
    lastSessionAt: iso(row.last_at),
    nextSessionAt: iso(row.next_at),
    userIdentifier: client.userId,
    canMessage: reachable,
    canBook: reachable,
  };
}
