import { type Language, languageOf } from '@app/shared/constants';
import {
  AWAY_EMAIL_AFTER_MINUTES,
  AWAY_EMAIL_QUIET_MINUTES,
  categoryOf,
  type NotificationKind,
} from '@app/shared/schemas/notifications';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { awayEmails, users } from '../../db/schema/index.ts';
import { appLink, renderActionEmail } from '../../platform/action-email.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { NotifyEvent } from '../../platform/events.ts';
import { translate } from '../../platform/i18n.ts';
import { backlogOf, type Job } from '../../platform/jobs.ts';
import { rawRows } from '../../platform/prepared.ts';
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
 * What became of an event's away email: `sent` (recorded in the outbox), `throttled` (this thread
 * was emailed within the quiet period), `present` (the recipient had an open socket too recently:
 * the away job looks again later) or `none` (not an emailed kind, or no one to email).
 */
export type AwayEmailOutcome = { sent: string } | 'throttled' | 'present' | 'none';

/**
 * Emails a person who has been away (no open live socket for AWAY_EMAIL_AFTER_MINUTES) that
 * someone wrote to them, at most once per thread (a conversation, a support chat) every
 * AWAY_EMAIL_QUIET_MINUTES. The email names the sender by first name (no one once erased) and
 * links to the thread; it never carries what was written, which may be clinical. Recorded in the
 * caller's transaction (the outbox: it exists exactly when the message does) and delivered by
 * the mail job. The caller already checked the preference.
 */
export async function emailIfAway(tx: Tx, deps: AwayEmailDeps, event: NotifyEvent): Promise<AwayEmailOutcome> {
  const words = AWAY_EMAILS[event.kind];
  if (!words) return 'none';
  const [recipient] = await tx
    .select({
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, event.userId));
  if (!recipient || recipient.deletedAt) return 'none';
  const awayFrom = new Date(event.at.getTime() - AWAY_EMAIL_AFTER_MINUTES * MINUTE_MS);
  if (!(await awaySince(tx, event.userId, awayFrom))) return 'present';

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
  if (claimed.length === 0) return 'throttled';

  const sender = event.actorId
    ? (
        await tx
          .select({ firstName: users.firstName, deletedAt: users.deletedAt })
          .from(users)
          .where(eq(users.id, event.actorId))
      )[0]
    : undefined;
  const senderName = sender && !sender.deletedAt && sender.firstName?.trim() ? sender.firstName.trim() : null;
  const language: Language = languageOf(recipient.language);
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
  const id = await deps.mailer.record(tx, {
    to: recipient.email,
    subject: t(`${words}.subject${named}`),
    text,
    html,
    language,
    template: `away.${words}`,
  });
  return { sent: id };
}

/**
 * When a notification just recorded waits for the away job: only if its recipient was still
 * around (an open socket too recently), then once it has been unread for AWAY_EMAIL_AFTER_MINUTES.
 */
export function awayEmailDueAt(outcome: AwayEmailOutcome, at: Date): Date | null {
  return outcome === 'present' ? new Date(at.getTime() + AWAY_EMAIL_AFTER_MINUTES * MINUTE_MS) : null;
}

const BATCH = 50;

/** The email preference category of each emailed kind, as SQL on `n.kind`. */
function emailCategoryOf(kind: SQL): SQL {
  const kinds = Object.keys(AWAY_EMAILS) as NotificationKind[];
  const whens = kinds.map((k) => sql`WHEN ${k}::text THEN ${categoryOf(k)}::text`);
  return sql`CASE ${kind} ${sql.join(whens, sql` `)} END`;
}

interface ClaimedNotification {
  userId: string;
  kind: NotificationKind;
  actorId: string | null;
  subjectId: string | null;
  foldKey: string | null;
  emailAllowed: boolean;
}

/**
 * Claims, in one statement inside `tx`, the unread notifications whose away email is due and
 * whose recipient has now had no open socket for AWAY_EMAIL_AFTER_MINUTES: they are locked with
 * SKIP LOCKED and their due time cleared, so exactly one transaction in one process takes each
 * (a notification being read right now is left for the next run, and then is read). Whether the
 * recipient still wants message emails comes along. Someone still around keeps theirs waiting.
 */
async function claimDueAwayEmails(tx: Tx, now: Date): Promise<ClaimedNotification[]> {
  const nowIso = now.toISOString();
  const awayFrom = new Date(now.getTime() - AWAY_EMAIL_AFTER_MINUTES * MINUTE_MS).toISOString();
  return rawRows<ClaimedNotification>(
    tx,
    sql`
    WITH due AS (
      SELECT n.id FROM notifications n
      WHERE n.away_email_due_at IS NOT NULL AND n.read_at IS NULL
        AND n.away_email_due_at <= ${nowIso}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM socket_presence p
          WHERE p.user_id = n.user_id AND p.last_seen_at >= ${awayFrom}::timestamptz)
      ORDER BY n.away_email_due_at
      LIMIT ${BATCH}
      FOR NO KEY UPDATE OF n SKIP LOCKED
    )
    UPDATE notifications n SET away_email_due_at = NULL FROM due
    WHERE n.id = due.id
    RETURNING n.user_id AS "userId", n.kind, n.actor_id AS "actorId", n.subject_id AS "subjectId",
      n.fold_key AS "foldKey",
      NOT EXISTS (SELECT 1 FROM notification_preferences pref
        WHERE pref.user_id = n.user_id AND pref.channel = 'email' AND NOT pref.enabled
          AND pref.category = ${emailCategoryOf(sql`n.kind`)}) AS "emailAllowed"`,
  );
}

/**
 * The away emails of messages that arrived while their recipient was still around and are still
 * unread now that they are away: batch by batch, each in one transaction, through emailIfAway
 * (the same throttle and words), then their SMTP delivery. Runs every minute on deps.clock.
 */
export async function sendDueAwayEmails(deps: AppDeps): Promise<{ claimed: number; emails: number }> {
  const now = deps.clock.now();
  let claimedCount = 0;
  let emailCount = 0;
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const claimed = await claimDueAwayEmails(tx, now);
      const emailIds: string[] = [];
      for (const row of claimed) {
        if (!row.emailAllowed) continue;
        const outcome = await emailIfAway(tx, deps, { ...row, at: now });
        if (typeof outcome === 'object') emailIds.push(outcome.sent);
      }
      return { claimed: claimed.length, emailIds };
    });
    claimedCount += batch.claimed;
    emailCount += batch.emailIds.length;
    await deps.mailer.deliver(batch.emailIds).catch((error) => {
      // Recorded in the outbox; deliverStale tries again.
      deps.log.warn({ err: error }, 'away emails not delivered yet');
    });
    if (batch.claimed < BATCH) break;
  }
  return { claimed: claimedCount, emails: emailCount };
}

/** For notificationJobs: the away emails that waited for their recipient to leave. */
export const awayEmailJob: Job = {
  name: 'away-emails',
  intervalMs: MINUTE_MS,
  run: (deps) => sendDueAwayEmails(deps),
  // Waiting and due (notifications_away_email_due_idx), whether or not the recipient left yet.
  backlog: (deps) =>
    backlogOf(
      deps.db,
      sql`SELECT count(*)::int AS depth, min(away_email_due_at) AS oldest FROM notifications
          WHERE away_email_due_at IS NOT NULL AND read_at IS NULL
            AND away_email_due_at <= ${deps.clock.now().toISOString()}::timestamptz`,
    ),
};
