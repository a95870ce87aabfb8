import { isLanguage, type Language } from '@app/shared/constants';
import {
  AWAY_EMAIL_AFTER_MINUTES,
  AWAY_EMAIL_QUIET_MINUTES,
  type NotificationKind,
} from '@app/shared/schemas/notifications';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { awayEmails, users } from '../../db/schema/index.ts';
import { appLink, renderActionEmail } from '../../platform/action-email.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { NotifyEvent } from '../../platform/events.ts';
import { translate } from '../../platform/i18n.ts';
import { awaySince } from '../../platform/realtime/presence.ts';
import { notificationLink } from './views.ts';

export type AwayEmailDeps = Pick<AppDeps, 'mailer' | 'config'>;

/** The events that are also emailed to someone away, with their words under emails.away.<key>. */
const AWAY_EMAILS: Partial<Record<NotificationKind, 'message' | 'support'>> = {
  'message.received': 'message',
  'support.replied': 'support',
};

const MINUTE_MS = 60_000;

/**
 * Emails a person who has been away (no open live socket for AWAY_EMAIL_AFTER_MINUTES) that
 * someone wrote to them, at most once per thread (a conversation, a support chat) every
 * AWAY_EMAIL_QUIET_MINUTES. The email names the sender by first name (no one once erased) and
 * links to the thread; it never carries what was written, which may be clinical. Recorded in the
 * caller's transaction (the outbox: it exists exactly when the message does) and delivered by
 * the mail job; answers whether one was recorded. The caller already checked the preference.
 */
export async function emailIfAway(tx: Tx, deps: AwayEmailDeps, event: NotifyEvent): Promise<boolean> {
  const words = AWAY_EMAILS[event.kind];
  if (!words) return false;
  const [recipient] = await tx
    .select({
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, event.userId));
  if (!recipient || recipient.deletedAt) return false;
  const awayFrom = new Date(event.at.getTime() - AWAY_EMAIL_AFTER_MINUTES * MINUTE_MS);
  if (!(await awaySince(tx, event.userId, awayFrom))) return false;

  // The throttle: one row per person and thread, taken over only once the quiet period passed.
  const threadKey = event.foldKey ?? `${event.kind}:${event.subjectId ?? ''}`;
  const quietFrom = new Date(event.at.getTime() - AWAY_EMAIL_QUIET_MINUTES * MINUTE_MS);
  const claimed = await tx
    .insert(awayEmails)
    .values({ userId: event.userId, threadKey, sentAt: event.at })
    .onConflictDoUpdate({
      target: [awayEmails.userId, awayEmails.threadKey],
      set: { sentAt: sql`excluded.sent_at` },
      setWhere: sql`${awayEmails.sentAt} <= ${quietFrom.toISOString()}::timestamptz`,
    })
    .returning({ userId: awayEmails.userId });
  if (claimed.length === 0) return false;

  const sender = event.actorId
    ? (
        await tx
          .select({ firstName: users.firstName, deletedAt: users.deletedAt })
          .from(users)
          .where(eq(users.id, event.actorId))
      )[0]
    : undefined;
  const senderName = sender && !sender.deletedAt && sender.firstName?.trim() ? sender.firstName.trim() : null;
  const language: Language = isLanguage(recipient.language) ? recipient.language : 'en';
  const t = (key: string) => translate(language, `emails.away.${key}`, { name: senderName ?? '' });
  const named = senderName ? '' : 'NoName';
  const { text, html } = renderActionEmail({
    greeting: recipient.firstName
      ? translate(language, 'emails.away.greeting', { name: recipient.firstName })
      : t('greetingNoName'),
    intro: t(`${words}.intro${named}`),
    lines: [t('private')],
    action: t(`${words}.action`),
    link: appLink(deps.config, language, notificationLink(event.kind, event.subjectId ?? null) ?? '/'),
    signature: t('signature'),
  });
  await deps.mailer.record(tx, {
    to: recipient.email,
    subject: t(`${words}.subject${named}`),
    text,
    html,
    language,
    template: `away.${words}`,
  });
  return true;
}
