import type { Language } from '@app/shared/constants';
import type { ClientInvitationList, InvitationAnswer, InvitationDecision } from '@app/shared/schemas/clients';
import { sql } from 'drizzle-orm';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';
import { rawRows } from '../../platform/prepared.ts';
import { publicStorage } from '../../platform/storage.ts';
import { photoUrls } from '../profiles/photo-urls.ts';

/** A record is an open invitation to the account it names, until accepted or declined. */
const open = (me: string) =>
  sql`pc.invitee_id = ${me} AND pc.user_id IS NULL AND pc.declined_at IS NULL AND pc.invited_at IS NOT NULL`;

/**
 * GET /client/invitations: the providers who imported this client and invited them, by the
 * provider's current name and picture. Nothing of the client reaches the provider until they accept.
 */
export async function listInvitations(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: { actor: Actor },
): Promise<ClientInvitationList> {
  if (input.actor.role !== 'client') throw new AppError('FORBIDDEN');
  const rows = await rawRows<{
    id: string;
    provider_id: string;
    first_name: string | null;
    last_name: string | null;
    title: string | null;
    photo_url: string | null;
    photo_key: string | null;
    invited_at: Date | string;
  }>(
    deps.db,
    sql`SELECT pc.id, pc.provider_id, u.first_name, u.last_name, pp.title, pp.photo_url, pp.photo_key, pc.invited_at
          FROM provider_clients pc
          JOIN users u ON u.id = pc.provider_id AND u.deleted_at IS NULL
          LEFT JOIN provider_profiles pp ON pp.user_id = pc.provider_id
         WHERE ${open(input.actor.userId)}
         ORDER BY pc.invited_at DESC, pc.id`,
  );
  const storage = publicStorage(deps.config);
  return {
    data: rows.map((row) => ({
      identifier: row.id,
      provider: {
        identifier: row.provider_id,
        firstName: row.first_name,
        lastName: row.last_name,
        title: row.title,
        photoUrl: photoUrls(storage, { photoUrl: row.photo_url, photoKey: row.photo_key }).photoUrl,
      },
      invitedAt: new Date(row.invited_at).toISOString(),
    })),
  };
}

/**
 * POST /client/invitations/{id}/accept|decline. Accepting links the provider's record to the
 * account: from then on the provider sees the client as theirs (messages, booking for them).
 * Declining closes the invitation; the provider keeps only what they typed and is not told.
 * Someone else's invitation, or one already answered: 404.
 */
export async function answerInvitation(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; language: Language; invitationId: string; decision: InvitationDecision },
): Promise<InvitationAnswer> {
  if (input.actor.role !== 'client') throw new AppError('FORBIDDEN');
  const me = input.actor.userId;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await rawRows<{ id: string }>(
      tx,
      sql`SELECT pc.id FROM provider_clients pc WHERE pc.id = ${input.invitationId} AND ${open(me)} FOR UPDATE`,
    );
    if (!row) throw new AppError('NOT_FOUND');
    if (input.decision === 'decline') {
      await tx.execute(sql`UPDATE provider_clients SET declined_at = ${now} WHERE id = ${row.id}`);
      return;
    }
    try {
      await tx.execute(sql`SAVEPOINT accept_invitation`);
      await tx.execute(
        sql`UPDATE provider_clients SET user_id = ${me}, invitee_id = NULL, accepted_at = ${now} WHERE id = ${row.id}`,
      );
      await tx.execute(sql`RELEASE SAVEPOINT accept_invitation`);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The provider already has a record linked to this account (they booked meanwhile): the
      // relation is active; this second record stays what the provider typed.
      await tx.execute(sql`ROLLBACK TO SAVEPOINT accept_invitation`);
      await tx.execute(sql`UPDATE provider_clients SET invitee_id = NULL, accepted_at = ${now} WHERE id = ${row.id}`);
    }
  });
  return {
    decision: input.decision,
    message: translate(
      input.language,
      input.decision === 'accept' ? 'clients.invitations.accepted' : 'clients.invitations.declined',
    ),
  };
}
