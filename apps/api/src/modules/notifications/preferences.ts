import {
  EMAIL_CHANNEL,
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationPreferences,
  type UpdateNotificationPreferencesBody,
} from '@app/shared/schemas/notifications';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { notificationPreferences } from '../../db/schema/index.ts';
import { fieldError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';

/** Whether the person gets this category on each channel: on unless they turned it off; `always` email stays on. */
export async function channelsFor(
  db: Tx,
  input: { userId: string; category: NotificationCategory },
): Promise<Record<NotificationChannel, boolean>> {
  const rows = await db
    .select({ channel: notificationPreferences.channel, enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, input.userId), eq(notificationPreferences.category, input.category)));
  const off = (channel: NotificationChannel) => rows.some((row) => row.channel === channel && !row.enabled);
  const emailChannel = EMAIL_CHANNEL[input.category];
  return {
    inApp: !off('inApp'),
    email: emailChannel === 'always' || (emailChannel === 'optional' && !off('email')),
  };
}

/** GET /notifications/preferences: every category, both channels. */
export async function getNotificationPreferences(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor },
): Promise<NotificationPreferences> {
  const rows = await deps.db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, input.actor.userId));
  const enabled = (category: string, channel: NotificationChannel) =>
    rows.find((row) => row.category === category && row.channel === channel)?.enabled ?? true;
  return {
    data: NOTIFICATION_CATEGORIES.map((category) => {
      const emailChannel = EMAIL_CHANNEL[category];
      return {
        category,
        inApp: enabled(category, 'inApp'),
        email: emailChannel === 'none' ? null : emailChannel === 'always' ? true : enabled(category, 'email'),
        emailChannel,
      };
    }),
  };
}

/**
 * PUT /notifications/preferences: the switches given are stored (others keep theirs). An email
 * switch of a category without an optional email channel is a field error; nothing is stored then.
 */
export async function updateNotificationPreferences(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; body: UpdateNotificationPreferencesBody },
): Promise<NotificationPreferences> {
  for (const preference of input.body.preferences) {
    if (preference.channel === 'email' && EMAIL_CHANNEL[preference.category] !== 'optional') {
      throw fieldError('preferences', 'notifications.preferences.emailFixed');
    }
  }
  const now = deps.clock.now();
  // One row per switch: the last value given for a category and channel wins.
  const switches = new Map(input.body.preferences.map((p) => [`${p.category}|${p.channel}`, p]));
  await deps.db
    .insert(notificationPreferences)
    .values(
      [...switches.values()].map((preference) => ({
        userId: input.actor.userId,
        category: preference.category,
        channel: preference.channel,
        enabled: preference.enabled,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.category, notificationPreferences.channel],
      set: { enabled: sql`excluded.enabled`, updatedAt: sql`excluded.updated_at` },
    });
  return getNotificationPreferences(deps, { actor: input.actor });
}
