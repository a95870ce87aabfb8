import type { Language } from '@app/shared/constants';
import {
  type ImportClientsAnswer,
  type ImportClientsBody,
  ImportClientsBodySchema,
  type ImportOutcome,
} from '@app/shared/schemas/clients';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';
import { rawRows } from '../../platform/prepared.ts';
import { rateLimitRule } from '../../platform/rate-limits.ts';
import { assertApprovedProvider } from './approved.ts';
import { claimInvitations, type Invitation, inviteAfterAnswer } from './invites.ts';

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
}

/**
 * Writes the rows that are new in one statement, with only what the provider typed: no account
 * is looked up here, so the work (and the time) is the same whether an address has an account or
 * not. A row that a concurrent import (or an existing client) already holds is skipped by the
 * unique indexes, never duplicated; the answer lists only what was written.
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
    sql`WITH incoming (email, first_name, last_name, language) AS (VALUES ${values})
        INSERT INTO provider_clients (provider_id, email, first_name, last_name, language, source, imported_at, created_at)
        SELECT ${input.providerId}, i.email, i.first_name, i.last_name, i.language, ${input.source}::client_source,
               ${input.now}, ${input.now}
          FROM incoming i
        ON CONFLICT DO NOTHING
        RETURNING email, id AS "recordId"`,
  );
}

/** The invitations for what was written, in the language given at import (the account's is read later). */
export function invitationsFor(rows: readonly ImportRow[], inserted: readonly InsertedClient[]): Invitation[] {
  const byEmail = new Map(rows.map((row) => [row.email, row]));
  return inserted.map((item) => {
    const row = byEmail.get(item.email);
    return {
      recordId: item.recordId,
      to: item.email,
      language: row?.language ?? 'en',
      firstName: row?.firstName ?? null,
    };
  });
}

/**
 * POST /clients/import (email / manual entry): each new person becomes the provider's record of
 * what they typed; people who already are their clients are reported as duplicates. The answer
 * never tells whether an address has an account: every new row reads `imported` (or `invited`
 * with allowInvite), named by its record id. Matching accounts, the in-app invitation and the
 * emails happen after the answer (inviteAfterAnswer), so the request takes the same time either way.
 */
export async function importClients(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'log' | 'events'>,
  input: { actor: Actor; language: Language; body: ImportClientsBody },
): Promise<ImportClientsAnswer> {
  if (input.actor.role !== 'provider') throw new AppError('FORBIDDEN');
  await assertApprovedProvider(deps.db, input.actor.userId);
  const body = ImportClientsBodySchema.parse(input.body);
  const providerId = input.actor.userId;
  const now = deps.clock.now();
  const allowance = rateLimitRule(deps.config, 'clientInvitesPerProvider');
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
      ? await claimInvitations(tx, { providerId, now, allowance, candidates: invitationsFor(rows, written) })
      : [];
    return { inserted: written, invitations: claimed };
  });
  inviteAfterAnswer(deps, { providerId, recordIds: inserted.map((item) => item.recordId), invitations });
  const invitedIds = new Set(invitations.map((invite) => invite.recordId));
  const byEmail = new Map(inserted.map((item) => [item.email, item]));
  const results = body.clients.map((client) => {
    const written = byEmail.get(client.email);
    byEmail.delete(client.email);
    const outcome = written ? (invitedIds.has(written.recordId) ? 'invited' : 'imported') : 'duplicate';
    return { email: client.email, outcome: outcome as ImportOutcome, identifier: written?.recordId ?? null };
  });
  const key = invitations.length > 0 ? 'clients.emailImportSuccess' : 'clients.manualImportSuccess';
  return {
    message: translate(input.language, key, { count: inserted.length }),
    imported: inserted.length,
    invited: invitations.length,
    results,
  };
}
