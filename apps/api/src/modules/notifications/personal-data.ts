import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { notificationPreferences, notifications } from '../../db/schema/index.ts';
import type { PersonalDataContributor } from '../../platform/events.ts';

/**
 * The notifications' part of a data export: every notification the person has (the kind, its
 * values, who caused it by id, what it is about, when, whether read) and their switches per
 * category and channel (a missing switch is the default, on). Erasure: notificationsDeletionHook.
 */
export const notificationsPersonalData: PersonalDataContributor = {
  section: 'notifications',
  async collect(tx: Tx, { userId }) {
    return {
      notifications: await tx
        .select({
          kind: notifications.kind,
          data: notifications.data,
          actorId: notifications.actorId,
          subjectId: notifications.subjectId,
          count: notifications.count,
          createdAt: notifications.createdAt,
          readAt: notifications.readAt,
        })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(asc(notifications.createdAt)),
      preferences: await tx
        .select({
          category: notificationPreferences.category,
          channel: notificationPreferences.channel,
          enabled: notificationPreferences.enabled,
          updatedAt: notificationPreferences.updatedAt,
        })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId))
        .orderBy(asc(notificationPreferences.category), asc(notificationPreferences.channel)),
    };
  },
};
