import type { Role } from '#app/api/session';

export interface NavItem {
  path: string;
  /** i18n key of the label. */
  label: string;
  roles: Role[];
}

/** The signed-in area's navigation, in order; a screen appears here when it exists. */
export const APP_NAV: NavItem[] = [
  { path: '/overview/', label: 'appNav.overview', roles: ['client', 'provider', 'admin'] },
  { path: '/appointments/', label: 'appNav.appointments', roles: ['client', 'provider'] },
  { path: '/recommended-provider/', label: 'recommendationScreens.nav', roles: ['client'] },
  { path: '/messages/', label: 'messages.title', roles: ['client', 'provider'] },
  { path: '/client-invitations/', label: 'clients.invitations.nav', roles: ['client'] },
  { path: '/clients/', label: 'appNav.clients', roles: ['provider'] },
  { path: '/notifications/', label: 'notifications.title', roles: ['client', 'provider'] },
  { path: '/account/', label: 'appNav.account', roles: ['client', 'provider'] },
  { path: '/preference/', label: 'appNav.preference', roles: ['client', 'provider'] },
  { path: '/provider-availability/', label: 'appNav.availability', roles: ['provider'] },
  { path: '/calendar/', label: 'appNav.calendar', roles: ['provider'] },
  { path: '/wallet/', label: 'appNav.wallet', roles: ['client'] },
  { path: '/earnings/', label: 'appNav.earnings', roles: ['provider'] },
  { path: '/my-credentials/', label: 'appNav.credentials', roles: ['provider'] },
  { path: '/admin/', label: 'admin.title', roles: ['admin'] },
  { path: '/security/', label: 'appNav.security', roles: ['client', 'provider', 'admin'] },
];
