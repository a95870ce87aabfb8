/**
 * SPEC.md §2: the support launcher hides on the account, wallet, appointments, booking, messages,
 * credentials, notifications, security, preference, availability, earnings, calendar,
 * recommended-provider, client, confirmation, consultation, settings and client-cancellation
 * paths, and shows on /overview and every other page (when the flag is on). Read as paths of
 * this app: a first segment of the list (`/account/…`, `/wallet/…`, `/my-credentials/`,
 * `/provider-availability/`, `/client/…`), a `confirmation` segment anywhere
 * (`/appointment/confirmation/{id}/`), a page below a provider ending in `availability`, or a
 * last segment `consultation`, `settings` or `client-cancellation`. The back office (`/admin/…`)
 * is an operator's own workplace (they answer chats there), so the launcher hides there too.
 */
const FIRST_SEGMENTS = new Set([
  'account',
  'wallet',
  'appointments',
  'booking',
  'messages',
  'my-credentials',
  'credentials',
  'notifications',
  'security',
  'preference',
  'provider-availability',
  'availability',
  'earnings',
  'calendar',
  'recommended-provider',
  'client',
  'admin',
]);
const ANY_SEGMENTS = new Set(['confirmation', 'availability']);
const LAST_SEGMENTS = new Set(['consultation', 'settings', 'client-cancellation']);

/** Whether the launcher hides on this path (with or without the /de prefix and trailing slash). */
export function isSupportLauncherHidden(pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] === 'de') segments.shift();
  const [first] = segments;
  const last = segments.at(-1);
  if (first && FIRST_SEGMENTS.has(first)) return true;
  if (segments.some((segment) => ANY_SEGMENTS.has(segment))) return true;
  return last !== undefined && LAST_SEGMENTS.has(last);
}
