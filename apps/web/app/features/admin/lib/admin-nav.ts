import { type Page, paths } from '#app/lib/paths';
import { innerPaths } from '#app/lib/paths-inner';

/** One section of the back office's own navigation. */
export interface AdminNavItem {
  /** The section's page. */
  page: Page;
  /** i18n key of the label (under `admin.nav`). */
  label: string;
  /** Further pages that belong to this section (a provider's review page belongs to the queue). */
  alsoActiveUnder?: ((lang: 'en', id: string) => string)[];
}

/**
 * The back office's sections, in order (docs/conventions.md "Adding a back-office page"): a new
 * page is a route module `routes/admin-<name>.tsx` inside the admin layout in routes.ts, an entry
 * here, and its words under `admin.nav.<name>` and `admin.<name>` in en.json and de.json.
 */
export const ADMIN_NAV: AdminNavItem[] = [
  { page: paths.adminQueue, label: 'admin.nav.queue', alsoActiveUnder: [innerPaths.adminProvider] },
  { page: innerPaths.adminUsers, label: 'admin.nav.users' },
  { page: innerPaths.adminAudit, label: 'admin.nav.audit' },
  { page: innerPaths.adminOperations, label: 'admin.nav.operations' },
  { page: innerPaths.adminFlags, label: 'admin.nav.flags' },
  { page: innerPaths.adminSupport, label: 'admin.nav.support' },
  { page: innerPaths.adminReviews, label: 'admin.nav.reviews' },
  { page: innerPaths.adminContact, label: 'admin.nav.contact' },
  { page: innerPaths.adminPayouts, label: 'admin.nav.payouts' },
  { page: innerPaths.adminNoShows, label: 'admin.nav.noShows' },
  { page: innerPaths.adminNoSessionReports, label: 'admin.nav.noSessionReports' },
];

/** Whether `pathname` (without the language prefix) is inside the section `item`. */
export function isAdminSectionActive(item: AdminNavItem, pathname: string): boolean {
  const path = item.page('en');
  if (pathname === path) return true;
  // Every page starts with the queue's address; only the others own what lies under them.
  if (item.page !== paths.adminQueue && pathname.startsWith(path)) return true;
  // A page with an id: what lies under its address with the id left out (`/admin/providers/`).
  return (item.alsoActiveUnder ?? []).some((page) => pathname.startsWith(page('en', '').slice(0, -1)));
}
