import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { awayEmails, notificationPreferences, notifications, socketPresence } from '../../db/schema/index.ts';

/**
 * The notifications part of deleting an account (an accountDeleting reaction, in its
 * transaction): the person's notifications, switches, when they were last connected and which
 * message emails they were sent go. Notifications others received about
 * them stay; they name no one once the account is erased (names are read from users).
 */
export function notificationsDeletionHook() {
  return async (tx: Tx, input: { userId: string }): Promise<void> => {
    await tx.delete(notifications).where(eq(notifications.userId, input.userId));
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, input.userId));
    await tx.delete(awayEmails).where(eq(awayEmails.userId, input.userId));
    await tx.delete(socketPresence).where(eq(socketPresence.userId, input.userId));
  };
}
