import { type ComponentType, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { useAfterPageData } from '#app/api/after-page-data';
import { QueryProvider } from '#app/api/query-client';
import { getViewMode, type Role } from '#app/api/session';
import { HeaderAccountLinks } from '#app/features/auth/components/header-account-links';
import { useSignOut } from '#app/features/auth/hooks/use-sign-out';
import { requireSession } from '#app/features/auth/lib/require-session';
import { Header } from '#app/features/shell/components/header';
import { LazyLocationModal } from '#app/features/shell/components/lazy-location-modal';
import { APP_NAV } from '#app/features/shell/lib/app-nav';
import { loadPageWords, preloadCatalog, withWords } from '#app/lib/i18n';
import { PageShown } from '#app/lib/page-shown';
import { paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';
import { useSession } from '#app/lib/use-session';
import { cn } from '#app/ui/cn';
import { useScrollRow } from '#app/ui/scroll-row';
import { Spinner } from '#app/ui/spinner';
import type { Route } from './+types/app-layout';

// The area's frame (navigation, banners, bell): its words are there before it hydrates; its pages
// bring their own (routes/app-pages.tsx, routes/booking.tsx).
await loadPageWords('appShell');

/**
 * What the frame shows only once the tab's session is known (never on the server, nor at
 * hydration) loads then, after the page is interactive, with the words it needs: the messages
 * link and the bell, the view-mode banner, the reminder to verify an email address, and the live
 * socket with what it keeps fresh (a new notification's toast). All but the view-mode banner wait
 * for the page's data too (`useAfterPageData`): under a slow link their code and requests stood
 * before the page's own (docs/decisions/web-signed-in-time-to-content.md).
 */
function afterSession<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => load().then((component) => ({ default: component })));
}
// The late parts' words: the bell's, the banners' and the live toasts' (`app`), the e-mail
// reminder's (`public`).
const loadLate = () => withWords(import('./app-layout-late'), 'public', 'app');
const ViewModeBanner = afterSession(() => loadLate().then((module) => module.ViewModeBanner));
const HeaderExtras = afterSession(() => loadLate().then((module) => module.HeaderExtras));
const VerifyEmailBanner = afterSession(() => loadLate().then((module) => module.VerifyEmailBanner));
const SupportLauncher = afterSession(() => loadLate().then((module) => module.SupportLauncher));

/** Who the area is shown to: the fields the shell needs, on the server and in the browser alike. */
function viewerOf(viewer: { userId: string; role: Role } | null) {
  return { viewer: viewer ? { userId: viewer.userId, role: viewer.role } : null };
}

/**
 * First load: the server renders the area for the person the page credential cookie names (a
 * live session; docs/decisions/web-signed-in-pages-render-on-the-server-at-first.md), or a spinner when there
 * is none. Its pages' own data stays in the browser except where a page has a server loader too.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return viewerOf(await context.services.signedIn.viewer(request));
}

/** In the browser (and once at hydration): the tab's session, renewed from the refresh cookie, else login. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return viewerOf(await requireSession(request));
}
clientLoader.hydrate = true as const;

/** A signed-in page is nobody else's: never stored by a browser or a shared cache. */
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

/**
 * The room the messages link and the bell take in the header, held from the first paint until
 * they arrive (after the page's data): on a phone their coming had wrapped the header onto a
 * third line and pushed the page down. Same words and boxes as theirs, unseen and unannounced.
 */
function HeaderExtrasRoom() {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden="true" className="invisible px-2 py-1.5 text-sm font-medium sm:px-3">
        {t('messages.title')}
      </span>
      <span aria-hidden="true" className="invisible inline-flex min-h-9 items-center px-2 py-1.5">
        <span className="size-5" />
      </span>
    </>
  );
}

function FullPageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner />
    </div>
  );
}

/** The signed-in area: every page and the layout itself read through the query cache. */
export default function AppLayout({ loaderData }: Route.ComponentProps) {
  return (
    <QueryProvider>
      <AppShell viewer={loaderData.viewer} />
    </QueryProvider>
  );
}

function AppShell({ viewer }: { viewer: { role: Role } | null }) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const session = useSession();
  const signOut = useSignOut();
  const scrollRow = useScrollRow<HTMLUListElement>();
  const [pageShown, setPageShown] = useState(false);
  const late = useAfterPageData(pageShown);
  // On the server: the words the frame and entry.client await come with the modules, not after
  // them (the condition leaves the call out of the browser's build).
  if (import.meta.env.SSR) preloadCatalog(lang, 'shell', 'appShell');
  // The server and the hydrating browser render from the loader's viewer; then the tab's session.
  const role = session?.role ?? viewer?.role;
  if (!role) return <FullPageSpinner />;
  const items = APP_NAV.filter((item) => item.roles.includes(role));

  return (
    <div data-app-shell="">
      {session && getViewMode() ? (
        <Suspense fallback={null}>
          <ViewModeBanner />
        </Suspense>
      ) : null}
      <Header
        accountLinks={<HeaderAccountLinks />}
        extra={
          role === 'admin' ? null : late && session ? (
            <Suspense fallback={<HeaderExtrasRoom />}>
              <HeaderExtras messagesPath={paths.messages(lang)} notificationsPath={paths.notifications(lang)} />
            </Suspense>
          ) : (
            <HeaderExtrasRoom />
          )
        }
      />
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 md:flex-row">
        <nav aria-label={t('appNav.label')} className="md:w-56 md:shrink-0">
          <ul ref={scrollRow} className="flex gap-1 overflow-x-auto md:flex-col">
            {items.map((item) => (
              <li key={item.label}>
                <NavLink
                  to={item.page(lang)}
                  className={({ isActive }) =>
                    cn(
                      'block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap',
                      isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100',
                    )
                  }
                >
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={() => void signOut()}
                className="block w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100"
              >
                {t('appNav.signOut')}
              </button>
            </li>
          </ul>
        </nav>
        <main id="main" className="min-w-0 flex-1">
          {late && session?.role === 'client' ? (
            <Suspense fallback={null}>
              <VerifyEmailBanner />
            </Suspense>
          ) : null}
          <PageShown.Provider value={setPageShown}>
            <Outlet />
          </PageShown.Provider>
        </main>
      </div>
      <LazyLocationModal />
      {late ? (
        <Suspense fallback={null}>
          <SupportLauncher />
        </Suspense>
      ) : null}
    </div>
  );
}
