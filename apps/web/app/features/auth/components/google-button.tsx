import type { Language } from '@app/shared/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleData } from '#app/lib/shell-data';
import { useHydrated } from '../hooks/use-hydrated';
import { browserTimeZone } from '../lib/browser-timezone';

/** GET /api/auth/google: where the browser goes to sign in with Google (a navigation, not a fetch). */
export function googleStartUrl(input: { lang: Language; redirect?: string; timezone?: string }): string {
  const params = new URLSearchParams({ lang: input.lang });
  if (input.redirect) params.set('redirect', input.redirect);
  if (input.timezone) params.set('timezone', input.timezone);
  return `/api/auth/google?${params.toString()}`;
}

/** Google's "G", in its four colours (Google's sign-in branding). */
function GoogleLogo() {
  return (
    <svg viewBox="0 0 48 48" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}

export interface GoogleButtonProps {
  /** Where to land once signed in (a same-origin path); the server drops anything else. */
  redirect?: string;
  /** A line under the button (the sign-up page: continuing accepts the terms). */
  note?: ReactNode;
}

/**
 * "Continue with Google": signs in, or signs a new client up. Render it only when the server has
 * Google sign-in configured (the route's loader says so); the API answers 404 otherwise.
 */
export function GoogleButton({ redirect, note }: GoogleButtonProps) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const hydrated = useHydrated();
  // The browser's zone is known only once hydrated; a new account falls back to its country's zone.
  const href = googleStartUrl({ lang, redirect, timezone: hydrated ? browserTimeZone() : undefined });
  return (
    <div className="flex flex-col gap-2">
      <a
        href={href}
        className="inline-flex min-h-10 w-full items-center justify-center gap-3 rounded-lg border border-slate-400 bg-white px-4 py-2 text-sm font-semibold text-slate-900 transition-colors hover:bg-slate-50"
      >
        <GoogleLogo />
        {t('google.continue')}
      </a>
      {note ? <p className="text-center text-xs text-slate-600">{note}</p> : null}
    </div>
  );
}

/** The "or" between the Google button and the email form. */
export function OrDivider() {
  const { t } = useTranslation();
  return (
    <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500">
      <span className="h-px flex-1 bg-slate-200" />
      <span>{t('google.divider')}</span>
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
