import { z } from '../zod.ts';

/**
 * In-app notifications (and the email channel of the same events). A kind names one event a
 * person is told about; its category is what they can switch on or off per channel on
 * /preference. A module that adds an event adds ONE line here (kind → category), its words under
 * `notifications.kinds.<kind>` in en.json and de.json, and raises it with `deps.events.notify`.
 */
export const NOTIFICATION_CATEGORIES = [
  'booking',
  'reschedule',
  'cancellation',
  'reminder',
  'payment',
  'payout',
  'review',
  'message',
  'verification',
  'forms',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_KINDS = {
  'booking.confirmed': 'booking',
  'booking.requested': 'booking',
  'booking.acknowledged': 'booking',
  'booking.declined': 'booking',
  'booking.rejected': 'booking',
  /** The actor's own confirmation of a session they booked, paid or acknowledged. */
  'booking.ownConfirmed': 'booking',
  'reschedule.moved': 'reschedule',
  'reschedule.requested': 'reschedule',
  'reschedule.accepted': 'reschedule',
  'reschedule.rejected': 'reschedule',
  'reschedule.ownMoved': 'reschedule',
  'booking.cancelled': 'cancellation',
  'booking.ownCancelled': 'cancellation',
  'client.invited': 'booking',
  'session.reminder': 'reminder',
  'session.outcome': 'booking',
  /** The client is asked to sign their provider's consent before the session. */
  'consent.required': 'booking',
  'payment.received': 'payment',
  'payment.transferReceived': 'payment',
  'payment.refunded': 'payment',
  'payout.paid': 'payout',
  'payout.failed': 'payout',
  'review.received': 'review',
  /** The provider answered the client's review. */
  'review.replied': 'review',
  'message.received': 'message',
  /** An operator answered the person's support chat. */
  'support.replied': 'message',
  'verification.approved': 'verification',
  'verification.rejected': 'verification',
  'verification.insuranceExpiring': 'verification',
  /** A provider sent the client a questionnaire to fill. */
  'forms.assigned': 'forms',
  /** A client's answers need the provider's attention at once (PHQ-9 item 9). */
  'forms.urgent': 'forms',
  /** A slot the client waited for opened and is held for them (modules/waitlist). */
  'waitlist.offered': 'booking',
} as const satisfies Record<string, NotificationCategory>;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

export function categoryOf(kind: NotificationKind): NotificationCategory {
  return NOTIFICATION_KINDS[kind];
}

export const NOTIFICATION_CHANNELS = ['inApp', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * What the email channel of a category is: `optional` (sent unless the person turns it off),
 * `always` (about their account or money: sent regardless) or `none` (no email exists for it).
 */
export const EMAIL_CHANNEL: Record<NotificationCategory, 'optional' | 'always' | 'none'> = {
  booking: 'optional',
  reschedule: 'optional',
  cancellation: 'optional',
  reminder: 'optional',
  payment: 'always',
  payout: 'none',
  review: 'optional',
  message: 'optional',
  verification: 'always',
  forms: 'optional',
};

/**
 * A message (or a support reply) is also emailed when its recipient has had no open live socket
 * for this many minutes: someone in the app sees it there.
 */
export const AWAY_EMAIL_AFTER_MINUTES = 5;

/**
 * At most one such email per conversation (or support chat) and person in this many minutes:
 * several messages in a row make one email, not one each.
 */
export const AWAY_EMAIL_QUIET_MINUTES = 30;

/** Who is told about what, and where it leads (a page of the app, without the language prefix). */
export const NotificationSchema = z.object({
  identifier: z.uuid(),
  kind: z.enum(NOTIFICATION_KIND_NAMES as [NotificationKind, ...NotificationKind[]]),
  category: z.enum(NOTIFICATION_CATEGORIES),
  /** The person whose action it was (their name as it is now), if any. */
  actorName: z.string().nullable(),
  /** The event's values for its words: instants as ISO strings, amounts in minor units. */
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  /** How many events this one stands for (several messages of one conversation fold into one). */
  count: z.number().int().min(1),
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const NotificationListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(NOTIFICATIONS_PAGE_SIZE),
});

export const NotificationPageSchema = z.object({
  data: z.array(NotificationSchema),
  nextCursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const UnreadNotificationsSchema = z.object({ count: z.number().int().min(0) });

export const ReadAllAnswerSchema = z.object({ updated: z.number().int().min(0) });

/** One switch of /preference: a category on a channel. */
export const NotificationPreferenceSchema = z.object({
  category: z.enum(NOTIFICATION_CATEGORIES),
  channel: z.enum(NOTIFICATION_CHANNELS),
  enabled: z.boolean(),
});
export type NotificationPreference = z.infer<typeof NotificationPreferenceSchema>;

/** Every category with both channels: `email` is null where the email channel is `none`, true where `always`. */
export const NotificationPreferencesSchema = z.object({
  data: z.array(
    z.object({
      category: z.enum(NOTIFICATION_CATEGORIES),
      inApp: z.boolean(),
      email: z.boolean().nullable(),
      emailChannel: z.enum(['optional', 'always', 'none']),
    }),
  ),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

export const UpdateNotificationPreferencesBodySchema = z.object({
  preferences: z
    .array(NotificationPreferenceSchema)
    .min(1)
    .max(NOTIFICATION_CATEGORIES.length * NOTIFICATION_CHANNELS.length),
});
export type UpdateNotificationPreferencesBody = z.infer<typeof UpdateNotificationPreferencesBodySchema>;

/** The live socket's frames about notifications. */
export type NotificationLiveEvent =
  | { type: 'notification.new'; notification: Notification }
  | { type: 'notification.read'; identifiers: string[] | 'all' };

/** Session reminders: how long before the start, and how long after that moment one may still go out. */
export const REMINDER_KINDS = {
  '24h': { leadMinutes: 24 * 60, graceMinutes: 60 },
  '1h': { leadMinutes: 60, graceMinutes: 45 },
} as const;
export type ReminderKind = keyof typeof REMINDER_KINDS;
