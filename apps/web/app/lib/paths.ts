/**
 * The addresses of every page of the app (the routes of `app/routes.ts`), in the reader's
 * language: every link, redirect and navigation takes its address from here, so a page's address
 * is written once (`paths.wallet(lang)`, `paths.booking(lang, providerId, at)`). This module holds
 * the pages the shell, the signed-in frame and the public pages link to, which every first load
 * carries; the pages reached from inside another page are in `paths-inner.ts`, which only the
 * pages that link to them load (the booking route is at its budget). Each is one object: one
 * binding between chunks costs less than an export per page. `localePath` (the
 * language prefix) is used here and nowhere else for our pages.
 */
import type { Language } from '@app/shared/constants';
import { type LegalPage, legalPath } from '@app/shared/legal';
import { providerPagePath } from '@app/shared/provider-path';
import { localePath } from './i18n';

/** A provider as their addresses need them: the id and the name's URL words (from the API). */
export interface ProviderRef {
  identifier: string;
  slug: string;
}

/** A page without parameters, as tables of links hold it (`paths.wallet`). */
export type Page = (lang: Language) => string;

/** Search parameters of a page: a `URLSearchParams` or plain pairs; empty adds nothing. */
type Query = URLSearchParams | Record<string, string>;

function withQuery(path: string, query?: Query): string {
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}

export const paths = {
  home: (lang: Language) => localePath(lang, '/'),
  /** The directory, with its filters when given (`?country=US&state=CA`). */
  providers: (lang: Language, query?: Query) => withQuery(localePath(lang, '/providers/'), query),
  /** A provider's public page in its canonical form (`/providers/<id>-<slug>/`). */
  provider: (lang: Language, ref: ProviderRef) => localePath(lang, providerPagePath(ref)),
  legal: (lang: Language, page: LegalPage) => localePath(lang, legalPath(page)),
  /** Sign-in; `redirect` is where to return after it (a path of ours). */
  login: (lang: Language, redirect?: string) =>
    redirect ? `${localePath(lang, '/login/')}?redirect=${encodeURIComponent(redirect)}` : localePath(lang, '/login/'),
  signup: (lang: Language) => localePath(lang, '/signup/'),
  contact: (lang: Language) => localePath(lang, '/contact/'),
  overview: (lang: Language) => localePath(lang, '/overview/'),
  /**
   * Booking step 1 with a therapist (`/booking/?provider=…`), and with a free time already chosen
   * (`&at=` the slot's start instant) when the client picked one on a page that lists times.
   */
  booking: (lang: Language, providerId: string, at?: string) =>
    withQuery(localePath(lang, '/booking/'), at ? { provider: providerId, at } : { provider: providerId }),
  account: (lang: Language) => localePath(lang, '/account/'),
  preference: (lang: Language) => localePath(lang, '/preference/'),
  security: (lang: Language) => localePath(lang, '/security/'),
  /** A provider's own availability editor (the public slots page is `providerAvailability`). */
  myAvailability: (lang: Language) => localePath(lang, '/provider-availability/'),
  calendar: (lang: Language) => localePath(lang, '/calendar/'),
  appointments: (lang: Language) => localePath(lang, '/appointments/'),
  /** A client's waiting entries and the slots held for them. */
  waitlist: (lang: Language) => localePath(lang, '/waitlist/'),
  /** Booking step 2; `?taken=1` when the time chosen on the way was taken meanwhile. */
  bookingSchedule: (lang: Language, bookingId: string, query?: { taken: '1' }) =>
    withQuery(localePath(lang, `/booking/${bookingId}/schedule/`), query),
  wallet: (lang: Language) => localePath(lang, '/wallet/'),
  earnings: (lang: Language) => localePath(lang, '/earnings/'),
  messages: (lang: Language) => localePath(lang, '/messages/'),
  myCredentials: (lang: Language) => localePath(lang, '/my-credentials/'),
  /** The provider's telehealth consent and practice policy. */
  consentForm: (lang: Language) => localePath(lang, '/consent-form/'),
  notifications: (lang: Language) => localePath(lang, '/notifications/'),
  clientInvitations: (lang: Language) => localePath(lang, '/client-invitations/'),
  /** Questionnaires: a client's to fill and progress, a provider's submissions, schedules and forms. */
  forms: (lang: Language) => localePath(lang, '/forms/'),
  clients: (lang: Language) => localePath(lang, '/clients/'),
  recommendedProvider: (lang: Language) => localePath(lang, '/recommended-provider/'),
  adminQueue: (lang: Language) => localePath(lang, '/admin/'),
} as const;
