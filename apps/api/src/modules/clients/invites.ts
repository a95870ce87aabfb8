import type { Language } from '@app/shared/constants';
import { languageOf } from '@app/shared/constants';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { appLink, renderActionEmail } from '../../platform/action-email.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';
import { rawRows } from '../../platform/prepared.ts';
import type { RateLimitRule } from '../../platform/rate-limits.ts';
import { afterAnswer } from '../auth/mail-safely.ts';

export interface Invitation {
  recordId: string;
  to: string;
  language: Language;
  /** The first name the provider typed (the greeting of a sign-up invitation). */
  firstName: string | null;
}

/**
 * Marks up to the window's remaining allowance (`clientInvitesPerProvider` of the rate-limit
 * table) of these records invited (in the import's transaction, so a rolled-back import invites
 * no one) and answers the ones to email.
 */
export async function claimInvitations(
  tx: Tx,
  input: { providerId: string; now: Date; allowance: RateLimitRule; candidates: Invitation[] },
): Promise<Invitation[]> {
  if (input.candidates.length === 0) return [];
  const since = new Date(input.now.getTime() - input.allowance.windowSeconds * 1000);
  const [sent] = await rawRows<{ count: number }>(
    tx,
    sql`SELECT count(*)::int AS count FROM provider_clients
         WHERE provider_id = ${input.providerId} AND invited_at > ${since}`,
  );
  const allowed = input.candidates.slice(0, Math.max(0, input.allowance.max - Number(sent?.count ?? 0)));
  if (allowed.length === 0) return [];
  await tx.execute(
    sql`UPDATE provider_clients SET invited_at = ${input.now}
         WHERE provider_id = ${input.providerId}
           AND id IN (${sql.join(
             allowed.map((invite) => sql`${invite.recordId}::uuid`),
             sql`, `,
           )})`,
  );
  return allowed;
}

interface Invitee {
  recordId: string;
  userId: string;
  language: string | null;
  firstName: string | null;
}

/**
 * Runs after the import's answer (afterAnswer: no timing tells whether an address has an
 * account): the verified client account with each new record's email becomes its invitee (never
 * its client); each invited record's invitee is told in the app and, unless they turned booking
 * emails off, by an email with accept and decline, in their language; an address without an
 * account gets the sign-up invitation in the language given at import.
 */
export function inviteAfterAnswer(
  deps: Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'config' | 'log' | 'events'>,
  input: { providerId: string; recordIds: string[]; invitations: Invitation[] },
): void {
  if (input.recordIds.length === 0) return;
  afterAnswer(deps.log, async () => {
    const now = deps.clock.now();
    const invited = new Set(input.invitations.map((invite) => invite.recordId));
    const { invitees, emailWanted } = await deps.db.transaction(async (tx) => {
      const found = await rawRows<Invitee>(
        tx,
        sql`UPDATE provider_clients pc SET invitee_id = u.id
              FROM users u
             WHERE pc.id IN (${sql.join(
               input.recordIds.map((id) => sql`${id}::uuid`),
               sql`, `,
             )})
               AND pc.user_id IS NULL AND pc.invitee_id IS NULL
               AND lower(u.email) = pc.email AND u.role = 'client'
               AND u.email_verified_at IS NOT NULL AND u.deleted_at IS NULL
         RETURNING pc.id AS "recordId", u.id AS "userId", u.language, u.first_name AS "firstName"`,
      );
      const wanted = new Set<string>();
      for (const invitee of found) {
        if (!invited.has(invitee.recordId)) continue;
        const { email } = await deps.events.notify(tx, {
          userId: invitee.userId,
          kind: 'client.invited',
          actorId: input.providerId,
          subjectId: invitee.recordId,
          data: {},
          at: now,
        });
        if (email) wanted.add(invitee.recordId);
      }
      return { invitees: new Map(found.map((invitee) => [invitee.recordId, invitee])), emailWanted: wanted };
    });
    const providerName = await providerDisplayName(deps.db, input.providerId);
    for (const invite of input.invitations) {
      const invitee = invitees.get(invite.recordId);
      if (invitee && !emailWanted.has(invite.recordId)) continue;
      await sendInvitation(deps, {
        providerName,
        invite: invitee ? { ...invite, language: languageOf(invitee.language), firstName: invitee.firstName } : invite,
        kind: invitee ? 'invitation' : 'invite',
      });
    }
  });
}

/** One invitation email, in the recipient's language. A failed send is logged by id and not retried. */
async function sendInvitation(
  deps: Pick<AppDeps, 'mailer' | 'config' | 'log'>,
  input: { providerName: string; invite: Invitation; kind: 'invite' | 'invitation' },
): Promise<void> {
  const { invite, kind } = input;
  const language = invite.language;
  const t = (key: string, params: Record<string, unknown> = {}) =>
    translate(language, `clients.emails.${key}`, { provider: input.providerName, email: invite.to, ...params });
  const greeting = invite.firstName ? t('greeting', { name: invite.firstName }) : t('greetingNoName');
  const link = appLink(deps.config, language, kind === 'invitation' ? '/client-invitations/' : '/signup/');
  const { text, html } = renderActionEmail({
    greeting,
    intro: t(`${kind}.intro`),
    action: t(`${kind}.action`),
    link,
    signature: t('signature'),
  });
  try {
    await deps.mailer.send({
      to: invite.to,
      subject: t(`${kind}.subject`),
      text,
      html,
      language,
      template: `clients.${kind}`,
    });
  } catch (error) {
    deps.log.warn({ err: error, clientRecord: invite.recordId }, 'clients: invitation not sent');
  }
}

/** The provider's name as it is now (read at send time), or the platform's. */
export async function providerDisplayName(db: Tx, providerId: string): Promise<string> {
  const [row] = await rawRows<{ name: string }>(
    db,
    sql`SELECT trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) AS name
          FROM users WHERE id = ${providerId} AND deleted_at IS NULL`,
  );
  return row?.name || 'TherapyHub';
}
