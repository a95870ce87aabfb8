/**
 * Every page of the route table, with an address and the role that may see it: the walks over all
 * pages (titles, the German phone layout) visit each through this table and the ids set up here.
 */
import type { APIRequestContext } from '@playwright/test';
import routes from '../apps/web/app/routes';
import { CLIENT, PROVIDER, paidSeries, paidSession, topUp } from './demo';
import { expect } from './fixtures';
import { type Account, tokenOf } from './helpers';

export const ADMIN = { email: 'admin@demo.test', password: 'demo-pass-123' };

export type Role = 'visitor' | 'client' | 'provider' | 'admin';

export interface Ids {
  providerId: string;
  bookingId: string;
  transactionId: string;
  conversationId: string;
  clientId: string;
  formRequestId: string;
  formTemplateId: string;
}

/** One path per route module, and who looks at it. A new route without an entry fails the first test. */
export const PAGES: Record<string, { role: Role; path: (ids: Ids) => string; sameInBothLanguages?: true }> = {
  'routes/home.tsx': { role: 'visitor', path: () => '/' },
  'routes/providers.tsx': { role: 'visitor', path: () => '/providers/' },
  // A therapist's page is titled with their name: the same words in both languages.
  'routes/provider-profile.tsx': {
    role: 'visitor',
    path: (ids) => `/providers/${ids.providerId}/`,
    sameInBothLanguages: true,
  },
  'routes/login.tsx': { role: 'visitor', path: () => '/login/' },
  'routes/login-google.tsx': { role: 'visitor', path: () => '/login/google/' },
  'routes/login-google-confirm.tsx': { role: 'visitor', path: () => '/login/google/confirm/' },
  'routes/signup.tsx': { role: 'visitor', path: () => '/signup/' },
  'routes/signup-provider.tsx': { role: 'visitor', path: () => '/signup/provider/' },
  'routes/verify-email.tsx': { role: 'visitor', path: () => '/verify-email/' },
  'routes/forgot-password.tsx': { role: 'visitor', path: () => '/forgot-password/' },
  'routes/reset-password.tsx': { role: 'visitor', path: () => '/reset-password/' },
  'routes/provider-slots.tsx': { role: 'visitor', path: (ids) => `/providers/${ids.providerId}/availability/` },
  'routes/policy-client-cancellation.tsx': { role: 'visitor', path: () => '/policy/client-cancellation/' },
  'routes/policy-provider-cancellation.tsx': { role: 'visitor', path: () => '/policy/provider-cancellation/' },
  'routes/contact.tsx': { role: 'visitor', path: () => '/contact/' },
  'routes/legal.tsx': { role: 'visitor', path: () => '/legal/privacy/' },
  'routes/dev-mailbox.tsx': { role: 'visitor', path: () => '/dev/mailbox/' },
  'routes/not-found.tsx': { role: 'visitor', path: () => '/no-such-page/' },
  'routes/overview.tsx': { role: 'client', path: () => '/overview/' },
  'routes/booking.tsx': { role: 'client', path: (ids) => `/booking/?provider=${ids.providerId}` },
  'routes/account.tsx': { role: 'client', path: () => '/account/' },
  'routes/preference.tsx': { role: 'client', path: () => '/preference/' },
  'routes/security.tsx': { role: 'client', path: () => '/security/' },
  'routes/appointments.tsx': { role: 'client', path: () => '/appointments/' },
  'routes/waitlist.tsx': { role: 'client', path: () => '/waitlist/' },
  'routes/appointment-details.tsx': { role: 'client', path: (ids) => `/appointments/${ids.bookingId}/` },
  'routes/booking-schedule.tsx': { role: 'client', path: (ids) => `/booking/${ids.bookingId}/schedule/` },
  'routes/booking-summary.tsx': { role: 'client', path: (ids) => `/booking/${ids.bookingId}/summary/` },
  'routes/payment.tsx': { role: 'client', path: (ids) => `/payment/${ids.bookingId}/` },
  'routes/appointment-confirmation.tsx': {
    role: 'client',
    path: (ids) => `/appointment/confirmation/${ids.bookingId}/`,
  },
  'routes/wallet.tsx': { role: 'client', path: () => '/wallet/' },
  'routes/wallet-transaction.tsx': { role: 'client', path: (ids) => `/wallet/transactions/${ids.transactionId}/` },
  'routes/messages.tsx': { role: 'client', path: () => '/messages/' },
  'routes/messages-thread.tsx': { role: 'client', path: (ids) => `/messages/${ids.conversationId}/` },
  'routes/notifications.tsx': { role: 'client', path: () => '/notifications/' },
  'routes/client-invitations.tsx': { role: 'client', path: () => '/client-invitations/' },
  'routes/recommended-provider.tsx': { role: 'client', path: () => '/recommended-provider/' },
  'routes/session-room.tsx': { role: 'client', path: (ids) => `/session/${ids.bookingId}/` },
  'routes/onboarding.tsx': { role: 'provider', path: () => '/onboarding/' },
  'routes/provider-availability.tsx': { role: 'provider', path: () => '/provider-availability/' },
  'routes/calendar.tsx': { role: 'provider', path: () => '/calendar/' },
  'routes/earnings.tsx': { role: 'provider', path: () => '/earnings/' },
  'routes/earnings-history.tsx': { role: 'provider', path: () => '/earnings/history/' },
  'routes/my-credentials.tsx': { role: 'provider', path: () => '/my-credentials/' },
  'routes/clients.tsx': { role: 'provider', path: () => '/clients/' },
  'routes/clients-imported.tsx': { role: 'provider', path: () => '/clients/imported/' },
  'routes/clients-imported-email-manual.tsx': { role: 'provider', path: () => '/clients/imported/email-manual/' },
  // A client's page is titled with their name.
  'routes/client.tsx': { role: 'provider', path: (ids) => `/client/${ids.clientId}/`, sameInBothLanguages: true },
  'routes/appointment-consent.tsx': { role: 'client', path: (ids) => `/appointments/${ids.bookingId}/consent/` },
  'routes/consent-form.tsx': { role: 'provider', path: () => '/consent-form/' },
  'routes/forms.tsx': { role: 'client', path: () => '/forms/' },
  'routes/form.tsx': { role: 'client', path: (ids) => `/forms/${ids.formRequestId}/` },
  'routes/form-templates.tsx': { role: 'provider', path: () => '/forms/templates/' },
  'routes/form-template-new.tsx': { role: 'provider', path: () => '/forms/templates/new/' },
  'routes/form-template.tsx': { role: 'provider', path: (ids) => `/forms/templates/${ids.formTemplateId}/` },
  'routes/admin-queue.tsx': { role: 'admin', path: () => '/admin/' },
  'routes/admin-provider.tsx': { role: 'admin', path: (ids) => `/admin/providers/${ids.providerId}/` },
  'routes/admin-users.tsx': { role: 'admin', path: () => '/admin/users/' },
  'routes/admin-audit.tsx': { role: 'admin', path: () => '/admin/audit/' },
  'routes/admin-operations.tsx': { role: 'admin', path: () => '/admin/operations/' },
  'routes/admin-flags.tsx': { role: 'admin', path: () => '/admin/flags/' },
  'routes/admin-support.tsx': { role: 'admin', path: () => '/admin/support/' },
  'routes/admin-reviews.tsx': { role: 'admin', path: () => '/admin/reviews/' },
  'routes/admin-contact.tsx': { role: 'admin', path: () => '/admin/contact/' },
  'routes/admin-payouts.tsx': { role: 'admin', path: () => '/admin/payouts/' },
  'routes/admin-no-shows.tsx': { role: 'admin', path: () => '/admin/no-shows/' },
  'routes/admin-no-session-reports.tsx': { role: 'admin', path: () => '/admin/no-session-reports/' },
};

interface RouteEntry {
  file: string;
  children?: RouteEntry[];
}

/** The route modules that render a page: the leaves of the route table (layouts are left out). */
export function pageModules(entries: RouteEntry[]): string[] {
  return entries.flatMap((entry) => (entry.children?.length ? pageModules(entry.children) : [entry.file]));
}

export const ACCOUNTS: Record<Exclude<Role, 'visitor'>, Account> = { client: CLIENT, provider: PROVIDER, admin: ADMIN };

export async function idsFor(request: APIRequestContext): Promise<Ids> {
  const providerLogin = await (await request.post('/api/user/login', { data: PROVIDER })).json();
  const providerId = providerLogin.user.identifier as string;
  const clientToken = await tokenOf(request, CLIENT);
  const client = { Authorization: `Bearer ${clientToken}` };
  await topUp(request, clientToken, 2_000_000);
  const bookingId = await paidSession(request, CLIENT, PROVIDER);
  // A series, so the lists that show one as a line (appointments, the overview, a client's page) have one.
  await paidSeries(request, CLIENT, PROVIDER);
  const transactions = await (await request.get('/api/wallet/transactions', { headers: client })).json();
  const conversation = await (
    await request.post('/api/messages/conversations', { headers: client, data: { userIdentifier: providerId } })
  ).json();
  const providerHeaders = { Authorization: `Bearer ${providerLogin.token as string}` };
  // A questionnaire for the form's page: the therapist sends the demo client a PHQ-9.
  const clientAccount = (await (await request.post('/api/user/login', { data: CLIENT })).json()).user.identifier;
  const sent = await request.post('/api/forms/assignments', {
    headers: providerHeaders,
    data: { form: { instrument: 'phq9' }, clientId: clientAccount },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const forms = await (await request.get('/api/forms/mine', { headers: client })).json();
  // A questionnaire of the therapist's own for the builder's edit page.
  const template = await request.post('/api/forms/templates', {
    headers: providerHeaders,
    data: {
      title: 'Intake',
      sections: [
        { id: 'about', title: '', questions: [{ id: 'name', kind: 'shortText', label: 'Name', required: true }] },
      ],
    },
  });
  expect(template.ok(), await template.text()).toBe(true);
  return {
    providerId,
    bookingId,
    transactionId: transactions.data[0].identifier,
    conversationId: conversation.identifier,
    // The demo client: their page lists the sessions and the series booked above.
    clientId: clientAccount,
    formRequestId: forms.data[0].id,
    formTemplateId: ((await template.json()) as { id: string }).id,
  };
}

/** Fails the walk when a page module of the route table has no entry in PAGES. */
export function expectEveryPageListed() {
  const modules = pageModules(routes as RouteEntry[]);
  expect(modules.filter((file) => !(file in PAGES))).toEqual([]);
}
