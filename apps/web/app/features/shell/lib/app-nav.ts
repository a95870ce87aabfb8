import type { Role } from '#app/api/session';
import { type Page, paths } from '#app/lib/paths';

export interface NavItem {
  page: Page;
  /** i18n key of the label. */
  label: string;
  roles: Role[];
}

/** The signed-in area's navigation, in order; a screen appears here when it exists. */
export const APP_NAV: NavItem[] = [
  { page: paths.overview, label: 'appNav.overview', roles: ['client', 'provider', 'admin'] },
  { page: paths.appointments, label: 'appNav.appointments', roles: ['client', 'provider'] },
  { page: paths.waitlist, label: 'appNav.waitlist', roles: ['client'] },
  { page: paths.recommendedProvider, label: 'recommendationScreens.nav', roles: ['client'] },
  { page: paths.messages, label: 'messages.title', roles: ['client', 'provider'] },
  { page: paths.clientInvitations, label: 'clients.invitations.nav', roles: ['client'] },
  { page: paths.clients, label: 'appNav.clients', roles: ['provider'] },
  { page: paths.forms, label: 'forms.nav', roles: ['client', 'provider'] },
  { page: paths.notifications, label: 'notifications.title', roles: ['client', 'provider'] },
  { page: paths.account, label: 'appNav.account', roles: ['client', 'provider'] },
  { page: paths.preference, label: 'appNav.preference', roles: ['client', 'provider'] },
  { page: paths.myAvailability, label: 'appNav.availability', roles: ['provider'] },
  { page: paths.calendar, label: 'appNav.calendar', roles: ['provider'] },
  { page: paths.wallet, label: 'appNav.wallet', roles: ['client'] },
  { page: paths.earnings, label: 'appNav.earnings', roles: ['provider'] },
  { page: paths.myCredentials, label: 'appNav.credentials', roles: ['provider'] },
  { page: paths.consentForm, label: 'appNav.consentForm', roles: ['provider'] },
  { page: paths.adminQueue, label: 'admin.title', roles: ['admin'] },
  { page: paths.security, label: 'appNav.security', roles: ['client', 'provider', 'admin'] },
];
