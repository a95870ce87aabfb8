import {
  categoryOf,
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
} from '@app/shared/schemas/notifications';
import type { notifications } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;

export function isNotificationKind(value: string): value is NotificationKind {
  return Object.hasOwn(NOTIFICATION_KINDS, value);
}

/** Where a notification leads: a page of the app (no language prefix, trailing slash). */
export function notificationLink(
  kind: NotificationKind,
  subjectId: string | null,
  data: Record<string, unknown> = {},
): string | null {
  if (kind === 'client.invited') return '/client-invitations/';
  // A slot offered from the waitlist: booking step 1 with that time chosen.
  if (kind === 'waitlist.offered') {
    const { providerId, startAt } = data;
    if (typeof providerId !== 'string' || typeof startAt !== 'string') return '/waitlist/';
    return `/booking/?${new URLSearchParams({ provider: providerId, at: startAt }).toString()}`;
  }
  if (kind === 'consent.required') return subjectId ? `/appointments/${subjectId}/consent/` : '/overview/';
  // The support chat opens over the overview page.
  if (kind === 'support.replied') return '/overview/';
  switch (categoryOf(kind)) {
    case 'booking':
    case 'reschedule':
    case 'cancellation':
    case 'reminder':
    case 'review':
      return subjectId ? `/appointments/${subjectId}/` : '/appointments/';
    case 'message':
      return subjectId ? `/messages/${subjectId}/` : '/messages/';
    case 'payment':
      return '/wallet/';
    case 'payout':
      return '/earnings/history/';
    case 'verification':
      return '/my-credentials/';
    case 'forms':
      return subjectId ? `/forms/${subjectId}/` : '/forms/';
  }
}

/** "Ada Obi", the first name alone, or null (no name, or an erased account). */
export function actorDisplayName(
  actor: { firstName: string | null; lastName: string | null; deletedAt: Date | null } | null,
): string | null {
  if (!actor || actor.deletedAt) return null;
  const name = [actor.firstName, actor.lastName].filter(Boolean).join(' ').trim();
  return name || null;
}

/** The API's view of a row (a row of an unknown kind, e.g. from a later version, is skipped by callers). */
export function toNotification(row: NotificationRow, actorName: string | null): Notification | null {
  if (!isNotificationKind(row.kind)) return null;
  return {
    identifier: row.id,
    kind: row.kind,
    category: categoryOf(row.kind),
    actorName,
    data: row.data,
    count: row.count,
    link: notificationLink(row.kind, row.subjectId, row.data),
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}
