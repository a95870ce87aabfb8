/** One section of the back office's own navigation. */
export interface AdminNavItem {
  /** The page's path, as for localePath (trailing slash). */
  path: string;
  /** i18n key of the label (under `admin.nav`). */
  label: string;
  /** Further paths that belong to this section (a provider's review page belongs to the queue). */
  alsoActiveUnder?: string[];
}

/**
 * The back office's sections, in order (docs/conventions.md "Adding a back-office page"): a new
 * page is a route module `routes/admin-<name>.tsx` inside the admin layout in routes.ts, an entry
 * here, and its words under `admin.nav.<name>` and `admin.<name>` in en.json and de.json.
 */
export const ADMIN_NAV: AdminNavItem[] = [
  { path: '/admin/', label: 'admin.nav.queue', alsoActiveUnder: ['/admin/providers/'] },
  { path: '/admin/users/', label: 'admin.nav.users' },
  { path: '/admin/audit/', label: 'admin.nav.audit' },
  { path: '/admin/operations/', label: 'admin.nav.operations' },
  { path: '/admin/flags/', label: 'admin.nav.flags' },
  { path: '/admin/support/', label: 'admin.nav.support' },
  { path: '/admin/reviews/', label: 'admin.nav.reviews' },
  { path: '/admin/contact/', label: 'admin.nav.contact' },
  { path: '/admin/payouts/', label: 'admin.nav.payouts' },
  { path: '/admin/no-shows/', label: 'admin.nav.noShows' },
  { path: '/admin/no-session-reports/', label: 'admin.nav.noSessionReports' },
];

/** Whether `pathname` (without the language prefix) is inside the section `item`. */
export function isAdminSectionActive(item: AdminNavItem, pathname: string): boolean {
  if (pathname === item.path) return true;
  if (item.path !== '/admin/' && pathname.startsWith(item.path)) return true;
  return (item.alsoActiveUnder ?? []).some((prefix) => pathname.startsWith(prefix));
}
