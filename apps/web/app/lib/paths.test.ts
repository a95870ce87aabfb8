import type { RouteConfigEntry } from '@react-router/dev/routes';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import routes from '../routes';
import { paths } from './paths';
import { innerPaths } from './paths-inner';

/** The whole table: the pages of every first load (paths.ts) and the rest (paths-inner.ts). */
const TABLE = { ...paths, ...innerPaths };

const ID = 'a1b2c3d4-0000-4000-8000-000000000001';
const PROVIDER = { identifier: ID, slug: 'zoe-o-brien-muller' };

/** Each entry with sample arguments after the language and the route module it must reach. */
const SAMPLES: {
  [K in keyof typeof TABLE]: {
    args: Parameters<(typeof TABLE)[K]> extends [unknown, ...infer A] ? A : never;
    file: string;
  };
} = {
  home: { args: [], file: 'routes/home.tsx' },
  providers: { args: [{ country: 'US', state: 'CA' }], file: 'routes/providers.tsx' },
  provider: { args: [PROVIDER], file: 'routes/provider-profile.tsx' },
  providerAvailability: { args: [PROVIDER], file: 'routes/provider-slots.tsx' },
  legal: { args: ['imprint'], file: 'routes/legal.tsx' },
  login: { args: ['/wallet/'], file: 'routes/login.tsx' },
  loginGoogle: { args: [], file: 'routes/login-google.tsx' },
  loginGoogleConfirm: { args: [], file: 'routes/login-google-confirm.tsx' },
  signup: { args: [], file: 'routes/signup.tsx' },
  signupProvider: { args: [], file: 'routes/signup-provider.tsx' },
  verifyEmail: { args: [], file: 'routes/verify-email.tsx' },
  forgotPassword: { args: [], file: 'routes/forgot-password.tsx' },
  resetPassword: { args: [], file: 'routes/reset-password.tsx' },
  cancellationPolicy: { args: ['provider'], file: 'routes/policy-provider-cancellation.tsx' },
  contact: { args: [], file: 'routes/contact.tsx' },
  devMailbox: { args: [], file: 'routes/dev-mailbox.tsx' },
  overview: { args: [], file: 'routes/overview.tsx' },
  booking: { args: [ID, '2027-03-12T09:00:00.000Z'], file: 'routes/booking.tsx' },
  account: { args: [], file: 'routes/account.tsx' },
  preference: { args: [], file: 'routes/preference.tsx' },
  onboarding: { args: [], file: 'routes/onboarding.tsx' },
  security: { args: [], file: 'routes/security.tsx' },
  myAvailability: { args: [], file: 'routes/provider-availability.tsx' },
  calendar: { args: [], file: 'routes/calendar.tsx' },
  appointments: { args: [], file: 'routes/appointments.tsx' },
  waitlist: { args: [], file: 'routes/waitlist.tsx' },
  appointment: { args: [ID], file: 'routes/appointment-details.tsx' },
  appointmentConsent: { args: [ID], file: 'routes/appointment-consent.tsx' },
  bookingSchedule: { args: [ID, { taken: '1' }], file: 'routes/booking-schedule.tsx' },
  bookingSummary: { args: [ID], file: 'routes/booking-summary.tsx' },
  payment: { args: [ID], file: 'routes/payment.tsx' },
  appointmentConfirmation: { args: [ID], file: 'routes/appointment-confirmation.tsx' },
  wallet: { args: [], file: 'routes/wallet.tsx' },
  walletTransaction: { args: [ID], file: 'routes/wallet-transaction.tsx' },
  earnings: { args: [], file: 'routes/earnings.tsx' },
  earningsHistory: { args: [], file: 'routes/earnings-history.tsx' },
  messages: { args: [], file: 'routes/messages.tsx' },
  messageThread: { args: [ID], file: 'routes/messages-thread.tsx' },
  myCredentials: { args: [], file: 'routes/my-credentials.tsx' },
  consentForm: { args: [], file: 'routes/consent-form.tsx' },
  notifications: { args: [], file: 'routes/notifications.tsx' },
  clientInvitations: { args: [], file: 'routes/client-invitations.tsx' },
  forms: { args: [], file: 'routes/forms.tsx' },
  clients: { args: [], file: 'routes/clients.tsx' },
  clientsImported: { args: ['csv-import'], file: 'routes/clients-imported.tsx' },
  clientsImportedEmailManual: { args: [], file: 'routes/clients-imported-email-manual.tsx' },
  client: { args: [ID], file: 'routes/client.tsx' },
  form: { args: [ID], file: 'routes/form.tsx' },
  formTemplates: { args: [], file: 'routes/form-templates.tsx' },
  newFormTemplate: { args: [], file: 'routes/form-template-new.tsx' },
  formTemplate: { args: [ID], file: 'routes/form-template.tsx' },
  recommendedProvider: { args: [], file: 'routes/recommended-provider.tsx' },
  sessionRoom: { args: [ID], file: 'routes/session-room.tsx' },
  adminQueue: { args: [], file: 'routes/admin-queue.tsx' },
  adminProvider: { args: [ID], file: 'routes/admin-provider.tsx' },
  adminUsers: { args: [], file: 'routes/admin-users.tsx' },
  adminAudit: { args: [], file: 'routes/admin-audit.tsx' },
  adminOperations: { args: [], file: 'routes/admin-operations.tsx' },
  adminFlags: { args: [], file: 'routes/admin-flags.tsx' },
  adminSupport: { args: [], file: 'routes/admin-support.tsx' },
  adminReviews: { args: [], file: 'routes/admin-reviews.tsx' },
  adminContact: { args: [], file: 'routes/admin-contact.tsx' },
  adminPayouts: { args: [], file: 'routes/admin-payouts.tsx' },
  adminNoShows: { args: [], file: 'routes/admin-no-shows.tsx' },
  adminNoSessionReports: { args: [], file: 'routes/admin-no-session-reports.tsx' },
};

/** Further samples of entries that reach more than one page. */
const MORE: { name: keyof typeof TABLE; args: unknown[]; file: string }[] = [
  { name: 'cancellationPolicy', args: ['client'], file: 'routes/policy-client-cancellation.tsx' },
];

/** routes.ts as the router reads it, each route named by its module. */
function routeObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) =>
    entry.index
      ? { index: true, id: entry.file }
      : { path: entry.path, id: entry.file, children: routeObjects(entry.children ?? []) },
  );
}
const ROUTES = routeObjects(routes);

/** The page module an address reaches (the deepest match) and the language segment it was read with. */
function resolve(address: string) {
  const url = new URL(address, 'https://example.test');
  const matches = matchRoutes(ROUTES, url.pathname) ?? [];
  const leaf = matches.at(-1);
  return { file: leaf?.route.id, lang: leaf?.params.lang };
}

/** Every page module of routes.ts: the leaves, without the catch-all. */
function pageFiles(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) =>
    entry.children?.length ? pageFiles(entry.children) : entry.path === '*' ? [] : [entry.file],
  );
}

describe('the paths table', () => {
  const entries = Object.keys(SAMPLES) as (keyof typeof TABLE)[];

  it('has a sample for every entry it exports', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...entries].sort());
    // No entry in both modules.
    expect(Object.keys(paths).filter((name) => name in innerPaths)).toEqual([]);
  });

  const cases = [...entries.map((name) => ({ name, ...SAMPLES[name] })), ...MORE];

  it.each(cases)('$name($args) reaches $file, in English and in German', ({ name, args, file }) => {
    const page = TABLE[name] as (lang: 'en' | 'de', ...rest: unknown[]) => string;
    const en = page('en', ...args);
    const de = page('de', ...args);
    expect(resolve(en)).toEqual({ file, lang: undefined });
    expect(resolve(de)).toEqual({ file, lang: 'de' });
    expect(de).toBe(`/de${en}`);
    expect(new URL(en, 'https://example.test').pathname.endsWith('/')).toBe(true);
  });

  it('has an entry for every page of routes.ts', () => {
    const reached = new Set(cases.map((sample) => sample.file));
    expect(pageFiles(routes).filter((file) => !reached.has(file))).toEqual([]);
  });

  it('carries search parameters and anchors the pages read', () => {
    expect(paths.login('de', '/de/wallet/')).toBe('/de/login/?redirect=%2Fde%2Fwallet%2F');
    expect(paths.login('en')).toBe('/login/');
    expect(paths.booking('en', 'p1')).toBe('/booking/?provider=p1');
    expect(paths.booking('de', 'p1', '2027-03-12T09:00:00.000Z')).toBe(
      '/de/booking/?provider=p1&at=2027-03-12T09%3A00%3A00.000Z',
    );
    expect(paths.providers('en', { country: 'US', state: 'CA' })).toBe('/providers/?country=US&state=CA');
    expect(paths.providers('en', {})).toBe('/providers/');
    expect(paths.bookingSchedule('en', 'b1', { taken: '1' })).toBe('/booking/b1/schedule/?taken=1');
    expect(innerPaths.clientsImported('de', 'csv-import')).toBe('/de/clients/imported/#csv-import');
    expect(paths.provider('en', PROVIDER)).toBe(`/providers/${ID}-zoe-o-brien-muller/`);
  });
});
