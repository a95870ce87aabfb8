import type { Language } from '@app/shared/constants';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { appLink, renderActionEmail } from '../../platform/action-email.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';
import { rawRows } from '../../platform/prepared.ts';

/** Invitations one provider may send in 24 hours (a CSV of 5,000 rows must not become 5,000 emails). */
export const INVITES_PER_DAY = 200;

export interface Invitation {
  recordId: string;
  to: string;
  language: Language;
  firstName: string | null;
  /** They already have an account: the email says so instead of inviting them to sign up. */
  hasAccount: boolean;
}

/**
 * Marks up to the day's remaining allowance of these records invited (in the import's
 * transaction, so a rolled-back import invites no one) and answers the ones to email.
 */
export async function claimInvitations(
  tx: Tx,
  input: { providerId: string; now: Date; candidates: Invitation[] },
): Promise<Invitation[]> {
  if (input.candidates.length === 0) return [];
  const [sent] = await rawRows<{ count: number }>(
    tx,
    sql`SELECT count(*)::int AS count FROM provider_clients
         WHERE provider_id = ${input.providerId} AND invited_at > ${new Date(input.now.getTime() - 24 * 3600 * 1000)}`,
  );
  const allowed = input.candidates.slice(0, Math.max(0, INVITES_PER_DAY - Number(sent?.count ?? 0)));
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

/**
 * Sends claimed invitations after commit, each in the recipient's language: their account's,
 * else the one given at import. A failed send is logged by id and not retried.
 */
export async function sendInvitations(
  deps: Pick<AppDeps, 'mailer' | 'config' | 'log'>,
  input: { providerName: string; invitations: Invitation[] },
): Promise<void> {
  for (const invite of input.invitations) {
    const language = invite.language;
    const t = (key: string, params: Record<string, unknown> = {}) =>
      translate(language, `clients.emails.${key}`, { provider: input.providerName, email: invite.to, ...params });
    const kind = invite.hasAccount ? 'added' : 'invite';
    const greeting = invite.firstName ? t('greeting', { name: invite.firstName }) : t('greetingNoName');
    const link = appLink(deps.config, language, invite.hasAccount ? '/messages/' : '/signup/');
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
}
