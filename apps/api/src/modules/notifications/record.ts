import { categoryOf } from '@app/shared/schemas/notifications';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { notifications, users } from '../../db/schema/index.ts';
import type { NotifyAnswer, NotifyEvent } from '../../platform/events.ts';
import { publishInTransaction } from '../../platform/realtime/bus.ts';
import { type AwayEmailDeps, awayEmailDueAt, emailIfAway } from './away-emails.ts';
import { channelsFor } from './preferences.ts';
import { actorDisplayName, type NotificationRow, toNotification } from './views.ts';

async function actorName(tx: Tx, actorId: string | null | undefined): Promise<string | null> {
  if (!actorId) return null;
  const [actor] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, actorId));
  return actorDisplayName(actor ?? null);
}

/**
 * The notify reaction (wired in app.ts): unless the person turned the event's category off for
 * the app, a notification row is written in the caller's transaction (an unread one with the same
 * fold key counts one more instead) and announced on the live socket when that transaction
 * commits. A message to someone away is emailed here too (away-emails.ts), unless they turned
 * message emails off; to someone still around, the row notes when the away job looks again.
 * Answers the person's email choice for the category.
 */
export async function recordNotification(tx: Tx, event: NotifyEvent, deps: AwayEmailDeps): Promise<NotifyAnswer> {
  const channels = await channelsFor(tx, { userId: event.userId, category: categoryOf(event.kind) });
  const awayEmail = channels.email ? await emailIfAway(tx, deps, event) : 'none';
  if (!channels.inApp) return { email: channels.email };
  const values = {
    userId: event.userId,
    kind: event.kind,
    actorId: event.actorId ?? null,
    subjectId: event.subjectId ?? null,
    data: event.data ?? {},
    foldKey: event.foldKey ?? null,
    createdAt: event.at,
    awayEmailDueAt: awayEmailDueAt(awayEmail, event.at),
  };
  const [row] = event.foldKey
    ? await tx
        .insert(notifications)
        .values(values)
        .onConflictDoUpdate({
          target: [notifications.userId, notifications.foldKey],
          targetWhere: sql`${notifications.readAt} IS NULL AND ${notifications.foldKey} IS NOT NULL`,
          set: {
            count: sql`${notifications.count} + 1`,
            createdAt: sql`excluded.created_at`,
            data: sql`excluded.data`,
            actorId: sql`excluded.actor_id`,
            subjectId: sql`excluded.subject_id`,
            // A message emailed now (or within the quiet period) settles the run; one to someone
            // still around keeps the earlier due time of the run if there is one.
            awayEmailDueAt: sql`CASE WHEN excluded.away_email_due_at IS NULL THEN NULL
              ELSE least(${notifications.awayEmailDueAt}, excluded.away_email_due_at) END`,
          },
        })
        .returning()
    : await tx.insert(notifications).values(values).returning();
  const view = row ? toNotification(row as NotificationRow, await actorName(tx, event.actorId)) : null;
  if (view) await publishInTransaction(tx, [event.userId], { type: 'notification.new', notification: view });
  return { email: channels.email };
}
