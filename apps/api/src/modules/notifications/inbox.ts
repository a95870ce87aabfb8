import type { Notification, NotificationPage } from '@app/shared/schemas/notifications';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { notifications, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { rawRows } from '../../platform/prepared.ts';
import { publishInTransaction } from '../../platform/realtime/bus.ts';
import { decodeCursor, encodeCursor } from '../messages/cursor.ts';
import { actorDisplayName, type NotificationRow, toNotification } from './views.ts';

const actor = alias(users, 'actor');

/** Rows of one user with their actor's name, newest first (the index notifications_user_created_idx). */
async function selectPage(db: Tx, input: { userId: string; after?: { at: Date; id: string }; limit: number }) {
  return db
    .select({
      row: notifications,
      actor: { firstName: actor.firstName, lastName: actor.lastName, deletedAt: actor.deletedAt },
    })
    .from(notifications)
    .leftJoin(actor, eq(actor.id, notifications.actorId))
    .where(
      and(
        eq(notifications.userId, input.userId),
        input.after
          ? sql`(${notifications.createdAt}, ${notifications.id}) < (${input.after.at.toISOString()}::timestamptz, ${input.after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(sql`${notifications.createdAt} DESC NULLS LAST`, sql`${notifications.id} DESC NULLS LAST`)
    .limit(input.limit + 1);
}

/** GET /notifications?cursor: the signed-in person's notifications, newest first, a keyset page at a time. */
export async function listNotifications(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor; cursor?: string; limit: number },
): Promise<NotificationPage> {
  const after = input.cursor ? decodeCursor(input.cursor) : undefined;
  if (after === null) throw new AppError('BAD_REQUEST');
  const rows = await selectPage(deps.db, { userId: input.actor.userId, after, limit: input.limit });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    data: page
      .map(({ row, actor }) => toNotification(row as NotificationRow, actorDisplayName(actor)))
      .filter((item): item is Notification => item !== null),
    nextCursor: rows.length > input.limit && last ? encodeCursor(last.row.createdAt, last.row.id) : null,
  };
}

/** A person's unread notifications as one SQL value, for a statement that needs it among others. */
export function unreadNotificationsSql(userId: SQL): SQL<number> {
  return sql<number>`(SELECT count(*)::int FROM ${notifications}
    WHERE ${notifications.userId} = ${userId} AND ${notifications.readAt} IS NULL)`;
}

/** GET /notifications/unread-count: the bell's number. */
export async function countUnreadNotifications(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor },
): Promise<{ count: number }> {
  const [row] = await rawRows<{ count: number }>(
    deps.db,
    sql`SELECT ${unreadNotificationsSql(sql`${input.actor.userId}::uuid`)} AS count`,
  );
  return { count: Number(row?.count ?? 0) };
}

/** PUT /notifications/{id}/read: someone else's notification is NOT_FOUND; reading twice changes nothing. */
export async function markNotificationRead(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; notificationId: string },
): Promise<Notification> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(notifications)
      .set({ readAt: sql`COALESCE(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(notifications.id, input.notificationId), eq(notifications.userId, input.actor.userId)))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND');
    const [named] = updated.actorId
      ? await tx
          .select({ firstName: users.firstName, lastName: users.lastName, deletedAt: users.deletedAt })
          .from(users)
          .where(eq(users.id, updated.actorId))
      : [];
    const view = toNotification(updated, actorDisplayName(named ?? null));
    if (!view) throw new AppError('NOT_FOUND');
    await publishInTransaction(tx, [input.actor.userId], { type: 'notification.read', identifiers: [updated.id] });
    return view;
  });
}

/** PUT /notifications/read-all: every unread notification of the person is read now. */
export async function markAllNotificationsRead(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor },
): Promise<{ updated: number }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.userId, input.actor.userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (rows.length > 0) {
      await publishInTransaction(tx, [input.actor.userId], { type: 'notification.read', identifiers: 'all' });
    }
    return { updated: rows.length };
  });
}
