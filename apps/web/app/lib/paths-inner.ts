/**
 * The rest of the paths table (`lib/paths.ts`): the pages reached from inside another page (one
 * booking, one conversation, the back office's sections, the steps of signing in). They live in
 * their own module so that every page's first load (the shell and the signed-in frame, which link
 * only to the pages in `paths.ts`) carries none of these addresses: `innerPaths.appointment(lang, id)`.
 */
import type { Language } from '@app/shared/constants';
import { providerPagePath } from '@app/shared/provider-path';
import { localePath } from './i18n';
import type { ProviderRef } from './paths';

export const innerPaths = {
  providerAvailability: (lang: Language, ref: ProviderRef) => localePath(lang, `${providerPagePath(ref)}availability/`),
  loginGoogle: (lang: Language) => localePath(lang, '/login/google/'),
  loginGoogleConfirm: (lang: Language) => localePath(lang, '/login/google/confirm/'),
  signupProvider: (lang: Language) => localePath(lang, '/signup/provider/'),
  verifyEmail: (lang: Language) => localePath(lang, '/verify-email/'),
  forgotPassword: (lang: Language) => localePath(lang, '/forgot-password/'),
  resetPassword: (lang: Language) => localePath(lang, '/reset-password/'),
  /** The cancellation policy of one side of a booking. */
  cancellationPolicy: (lang: Language, side: 'client' | 'provider') =>
    localePath(lang, `/policy/${side}-cancellation/`),
  devMailbox: (lang: Language) => localePath(lang, '/dev/mailbox/'),
  onboarding: (lang: Language) => localePath(lang, '/onboarding/'),
  appointment: (lang: Language, bookingId: string) => localePath(lang, `/appointments/${bookingId}/`),
  /** The consent of a booking's provider: read and sign (client), or the client's signature (provider). */
  appointmentConsent: (lang: Language, bookingId: string) => localePath(lang, `/appointments/${bookingId}/consent/`),
  bookingSummary: (lang: Language, bookingId: string) => localePath(lang, `/booking/${bookingId}/summary/`),
  payment: (lang: Language, bookingId: string) => localePath(lang, `/payment/${bookingId}/`),
  appointmentConfirmation: (lang: Language, bookingId: string) =>
    localePath(lang, `/appointment/confirmation/${bookingId}/`),
  walletTransaction: (lang: Language, transactionId: string) =>
    localePath(lang, `/wallet/transactions/${transactionId}/`),
  earningsHistory: (lang: Language) => localePath(lang, '/earnings/history/'),
  messageThread: (lang: Language, conversationId: string) => localePath(lang, `/messages/${conversationId}/`),
  /** The imported clients; `section` is an anchor on the page (`csv-import`). */
  clientsImported: (lang: Language, section?: 'csv-import') =>
    `${localePath(lang, '/clients/imported/')}${section ? `#${section}` : ''}`,
  clientsImportedEmailManual: (lang: Language) => localePath(lang, '/clients/imported/email-manual/'),
  client: (lang: Language, clientId: string) => localePath(lang, `/client/${clientId}/`),
  /** One questionnaire: the client fills it, its provider reads it. */
  form: (lang: Language, requestId: string) => localePath(lang, `/forms/${requestId}/`),
  /** The provider's own questionnaires, a new one, and one to edit (each save a new version). */
  formTemplates: (lang: Language) => localePath(lang, '/forms/templates/'),
  newFormTemplate: (lang: Language) => localePath(lang, '/forms/templates/new/'),
  formTemplate: (lang: Language, templateId: string) => localePath(lang, `/forms/templates/${templateId}/`),
  sessionRoom: (lang: Language, bookingId: string) => localePath(lang, `/session/${bookingId}/`),
  adminProvider: (lang: Language, providerId: string) => localePath(lang, `/admin/providers/${providerId}/`),
  adminUsers: (lang: Language) => localePath(lang, '/admin/users/'),
  adminAudit: (lang: Language) => localePath(lang, '/admin/audit/'),
  adminOperations: (lang: Language) => localePath(lang, '/admin/operations/'),
  adminFlags: (lang: Language) => localePath(lang, '/admin/flags/'),
  adminSupport: (lang: Language) => localePath(lang, '/admin/support/'),
  adminReviews: (lang: Language) => localePath(lang, '/admin/reviews/'),
  adminContact: (lang: Language) => localePath(lang, '/admin/contact/'),
  adminPayouts: (lang: Language) => localePath(lang, '/admin/payouts/'),
  adminNoShows: (lang: Language) => localePath(lang, '/admin/no-shows/'),
  adminNoSessionReports: (lang: Language) => localePath(lang, '/admin/no-session-reports/'),
} as const;
