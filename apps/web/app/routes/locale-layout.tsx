import { COOKIES, DEFAULT_COUNTRY, type Language, languageOf } from '@app/shared/constants';
import { readCookie } from '@app/shared/cookies';
import { type LocaleSuggestion, suggestLocale } from '@app/shared/locale-suggestion';
import { parseConsent } from '@app/shared/schemas/shell';
import { I18nextProvider } from 'react-i18next';
import {
  data,
  isRouteErrorResponse,
  Outlet,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useRouteError,
} from 'react-router';
import { configureApiClient } from '#app/api/client';
import { NotFoundPage } from '#app/features/shell/components/not-found-page';
import { RouteHistoryProvider } from '#app/features/shell/components/route-history';
import { ensureCatalog, getI18n, languageOfPath } from '#app/lib/i18n';
import type { LocaleLayoutData } from '#app/lib/shell-data';
import { WordsProvider } from '#app/lib/words';
import { ModalProvider } from '#app/ui/modal-manager';
import '#app/lib/load-context';
import { ToastProvider } from '#app/ui/toast';
import type { Route } from './+types/locale-layout';

/** The visitor's country: a trusted proxy header, else the one they picked, else Nigeria. */
function visitorCountry(request: Request, trusted: string | null): string {
  const picked = readCookie(request.headers.get('cookie'), COOKIES.country);
  const code = trusted ?? picked ?? DEFAULT_COUNTRY;
  return /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : DEFAULT_COUNTRY;
}

/** What a first visit (no country chosen) is offered: only when it differs from what the page shows. */
function firstVisitSuggestion(
  request: Request,
  trusted: string | null,
  shown: { countryCode: string; lang: Language },
): LocaleSuggestion | null {
  if (readCookie(request.headers.get('cookie'), COOKIES.country)) return null;
  const suggestion = suggestLocale({ acceptLanguage: request.headers.get('accept-language'), trustedCountry: trusted });
  if (!suggestion) return null;
  return suggestion.countryCode === shown.countryCode && suggestion.language === shown.lang ? null : suggestion;
}

export async function loader({ params, request, context }: Route.LoaderArgs): Promise<LocaleLayoutData> {
  // Only German has a prefix; /en/ and unknown prefixes are not pages.
  if (params.lang !== undefined && params.lang !== 'de') {
    await ensureCatalog('en');
    throw data(null, { status: 404 });
  }
  const lang: Language = languageOf(params.lang);
  await ensureCatalog(lang);
  const { services } = context;
  const trusted = services.trustedCountry(request);
  const countryCode = visitorCountry(request, trusted);
  const shell = await services.publicShell({ language: lang, countryCode });
  const cookieHeader = request.headers.get('cookie');
  return {
    lang,
    countryCode,
    countryName: shell.visitorCountry?.name ?? countryCode,
    operating: shell.visitorCountry?.operating ?? false,
    ignoreCountryPrompt: readCookie(cookieHeader, COOKIES.ignoreCountryPrompt) === 'true',
    suggestion: firstVisitSuggestion(request, trusted, { countryCode, lang }),
    consent: parseConsent(readCookie(cookieHeader, COOKIES.consent)),
    analyticsScriptUrl: services.analyticsScriptUrl,
    shell,
  };
}

export function headers(): HeadersInit {
  // Public pages vary by the visitor's cookies (country, consent) and, on a first visit, languages.
  return { 'Cache-Control': 'private, max-age=0, must-revalidate', Vary: 'Cookie, Accept-Language' };
}

/** Navigations inside one language reuse the shell data; a language switch or an explicit revalidation reloads it. */
export function shouldRevalidate({
  currentParams,
  nextParams,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentParams.lang !== nextParams.lang) return true;
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search) return defaultShouldRevalidate;
  return false;
}

export async function clientLoader({ serverLoader, params }: Route.ClientLoaderArgs) {
  await ensureCatalog(languageOf(params.lang));
  return serverLoader();
}

/**
 * What every page shares. The query cache is not among them: the routes that use queries get it
 * from their layout (`routes/query-layout.tsx`, the signed-in area's), so home, the directory and
 * a provider's page load without the query library (`#app/api/query-client`).
 */
function Providers({ lang, children }: { lang: Language; children: React.ReactNode }) {
  return (
    <I18nextProvider i18n={getI18n(lang)}>
      <WordsProvider>
        <ToastProvider>
          <ModalProvider>
            <RouteHistoryProvider>{children}</RouteHistoryProvider>
          </ModalProvider>
        </ToastProvider>
      </WordsProvider>
    </I18nextProvider>
  );
}

export default function LocaleLayout({ loaderData }: Route.ComponentProps) {
  // Module state, set before any child effect or query runs: every API call carries these headers.
  if (typeof window !== 'undefined')
    configureApiClient({ language: loaderData.lang, countryCode: loaderData.countryCode });
  return (
    <Providers lang={loaderData.lang}>
      <Outlet />
    </Providers>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const lang = languageOfPath(location.pathname);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <I18nextProvider i18n={getI18n(lang)}>
      <WordsProvider>
        <NotFoundPage lang={lang} kind={notFound ? 'notFound' : 'error'} />
      </WordsProvider>
    </I18nextProvider>
  );
}
