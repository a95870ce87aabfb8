/**
 * What the signed-in frame (routes/app-layout.tsx) shows late, in one chunk the frame loads once
 * the page's data is there: the messages link and the bell, the live updates, the reminder to
 * verify an email address and the support chat's launcher; and the view-mode banner, which does
 * not wait (in view mode the chunk loads at once). One module, not one each: one request and one
 * list of dependencies in the frame's first JavaScript (the booking route's budget).
 */
import { ViewModeBanner } from '#app/features/admin/components/view-mode-banner';
import { VerifyEmailBanner } from '#app/features/auth/components/verify-email-banner';
import { MessagesLive } from '#app/features/messages/components/messages-live';
import { UnreadMessagesLink } from '#app/features/messages/components/unread-link';
import { NotificationBell } from '#app/features/notifications/components/notification-bell';
import { NotificationsLive } from '#app/features/notifications/components/notifications-live';
import { SupportLauncher } from '#app/features/support/components/support-launcher';

export { SupportLauncher, VerifyEmailBanner, ViewModeBanner };

/**
 * The header's messages link and bell, and the live socket with what it keeps fresh (the counts,
 * the lists, a new notification's toast): they show and go together.
 */
export function HeaderExtras({ messagesPath, notificationsPath }: { messagesPath: string; notificationsPath: string }) {
  return (
    <>
      <UnreadMessagesLink to={messagesPath} />
      <NotificationBell to={notificationsPath} />
      <MessagesLive />
      <NotificationsLive />
    </>
  );
}
