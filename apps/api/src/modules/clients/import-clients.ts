import type { Language } from '@app/shared/constants';
import { type ImportClientsAnswer, type ImportClientsBody, ImportClientsBodySchema } from '@app/shared/schemas/clients';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';
import { rawRows } from '../../platform/prepared.ts';
import { claimInvitations, type Invitation, sendInvitations } from './invites.ts';

export interface ImportRow {
  firstName: string;
  lastName: string;
  /** Lower-case. */
  email: string;
  language: Language;
}

/** Who among these emails is already the provider's client (a record, or a booking by that account). */
export async function existingClientEmails(
  db: Tx,
  providerId: string,
  emails: readonly string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await rawRows<{ email: string }>(
    db,
    sql`WITH wanted (email) AS (VALUES ${sql.join(
      emails.map((email) => sql`(${email}::text)`),
      sql`, `,
    )})
        SELECT w.email FROM wanted w
         WHERE EXISTS (SELECT 1 FROM provider_clients pc WHERE pc.provider_id = ${providerId} AND pc.email = w.email)
            OR EXISTS (SELECT 1 FROM users u
                        WHERE lower(u.email) = w.email
                          AND (EXISTS (SELECT 1 FROM bookings b WHERE b.client_id = u.id AND b.provider_id = ${providerId})
                               OR EXISTS (SELECT 1 FROM provider_clients pc
                                           WHERE pc.provider_id = ${providerId} AND pc.user_id = u.id)))`,
  );
  return new Set(rows.map((row) => row.email));
}

export interface InsertedClient {
  email: string;
  recordId: string;
  userId: string | null;
  userLanguage: string | null;
}

/**
 * Writes the rows that are new in one statement: each linked to the verified client account with
 * its email when there is one. A row that a concurrent import (or an existing client) already
 * holds is skipped by the unique indexes, never duplicated; the answer lists only what was written.
 */
export async function insertClients(
  tx: Tx,
  input: { providerId: string; rows: readonly ImportRow[]; source: 'manual' | 'csv'; now: Date },
): Promise<InsertedClient[]> {
  if (input.rows.length === 0) return [];
  const values = sql.join(
    input.rows.map(
      (row) => sql`(${row.email}::text, ${row.firstName}::text, ${row.lastName}::text, ${row.language}::text)`,
    ),
    sql`, `,
  );
  return rawRows<InsertedClient>(
    tx,
    sql`WITH incoming (email, first_name, last_name, language) AS (VALUES ${values}),
        accounts AS (
          SELECT DISTINCT ON (lower(u.email)) lower(u.email) AS email, u.id, u.language
            FROM users u JOIN incoming i ON lower(u.email) = i.email
           WHERE u.role = 'client' AND u.email_verified_at IS NOT NULL AND u.deleted_at IS NULL
             AND NOT EXISTS (SELECT 1 FROM provider_clients pc WHERE pc.provider_id = ${input.providerId} AND pc.user_id = u.id)
        ),
        written AS (
          INSERT INTO provider_clients (provider_id, user_id, email, first_name, last_name, language, source, imported_at, created_at)
          SELECT ${input.providerId}, a.id, i.email, i.first_name, i.last_name, i.language, ${input.source}::client_source,
                 ${input.now}, ${input.now}
            FROM incoming i LEFT JOIN accounts a ON a.email = i.email
          ON CONFLICT DO NOTHING
          RETURNING id, email, user_id
        )
        SELECT w.email, w.id AS "recordId", w.user_id AS "userId", a.language AS "userLanguage"
          FROM written w LEFT JOIN accounts a ON a.id = w.user_id`,
  );
}

/** The invitations for what was written: the account's language when there is one. */
export function invitationsFor(rows: readonly ImportRow[], inserted: readonly InsertedClient[]): Invitation[] {
  const byEmail = new Map(rows.map((row) => [row.email, row]));
  return inserted.map((item) => {
    const row = byEmail.get(item.email);
    const language =
      (item.userLanguage === 'de' || item.userLanguage === 'en' ? item.userLanguage : row?.language) ?? 'en';
    return {
      recordId: item.recordId,
      to: item.email,
      language,
      firstName: row?.firstName ?? null,
      hasAccount: item.userId !== null,
    };
  });
}

export async function providerDisplayName(db: Tx, providerId: string): Promise<string> {
  const [row] = await rawRows<{ name: string }>(
    db,
    sql`SELECT trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) AS name FROM users WHERE id = ${providerId}`,
  );
  return row?.name || 'TherapyHub';
}

/**
 * POST /clients/import (email / manual entry): each person becomes the provider's client, linked
 * to their account when they have one (never a second account); people who already are clients
 * are reported as duplicates. With allowInvite, each new client gets an email in their language.
 */
export async function importClients(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'log'>,
  input: { actor: Actor; language: Language; body: ImportClientsBody },
): Promise<ImportClientsAnswer> {
  if (input.actor.role !== 'provider') throw new AppError('FORBIDDEN');
  const body = ImportClientsBodySchema.parse(input.body);
  const providerId = input.actor.userId;
  const now = deps.clock.now();
  const seen = new Set<string>();
  const rows: ImportRow[] = [];
  for (const client of body.clients) {
    if (seen.has(client.email)) continue;
    seen.add(client.email);
    rows.push({ ...client, language: client.language ?? input.language });
  }
  const { inserted, invitations } = await deps.db.transaction(async (tx) => {
    const existing = await existingClientEmails(
      tx,
      providerId,
      rows.map((row) => row.email),
    );
    const fresh = rows.filter((row) => !existing.has(row.email));
    const written = await insertClients(tx, { providerId, rows: fresh, source: 'manual', now });
    const claimed = body.allowInvite
      ? await claimInvitations(tx, { providerId, now, candidates: invitationsFor(rows, written) })
      : [];
    return { inserted: written, invitations: claimed };
  });
  if (invitations.length > 0) {
    await sendInvitations(deps, { providerName: await providerDisplayName(deps.db, providerId), invitations });
  }
  const byEmail = new Map(inserted.map((item) => [item.email, item]));
  const results = body.clients.map((client) => {
    const written = byEmail.get(client.email);
    byEmail.delete(client.email);
    return {
      email: client.email,
      outcome: written ? (written.userId ? ('linked' as const) : ('imported' as const)) : ('duplicate' as const),
      identifier: written ? (written.userId ?? written.recordId) : null,
    };
  });
  const key = invitations.length > 0 ? 'clients.emailImportSuccess' : 'clients.manualImportSuccess';
  return {
    message: translate(input.language, key, { count: inserted.length }),
    imported: inserted.length,
    invited: invitations.length,
    results,
  };
}
