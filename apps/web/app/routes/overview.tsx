import { languageOf } from '@app/shared/constants';
import type { Overview as OverviewAnswer } from '@app/shared/schemas/overview';
import { useTranslation } from 'react-i18next';
import { getQueryClient } from '#app/api/query-client';
import { requireSession } from '#app/features/auth/lib/require-session';
import { PendingConsents } from '#app/features/consent/components/pending-consents';
import { MessageButton } from '#app/features/messages/components/message-button';
import { loadOverview, overviewKeys, useOverview } from '#app/features/overview/api/get-overview';
import { AdminOverview } from '#app/features/overview/components/admin-overview';
import { ClientOverview } from '#app/features/overview/components/client-overview';
import { ProviderOverview } from '#app/features/overview/components/provider-overview';
import { ProviderSetupPanel } from '#app/features/profiles/components/setup-panel';
import { JoinRoomLink } from '#app/features/session-room/components/join-room-link';
import { takeHydration } from '#app/lib/hydration';
import { loadPageWords, preloadCatalog } from '#app/lib/i18n';
import { useSignalPageShown } from '#app/lib/page-shown';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { useNow } from '#app/lib/use-now';
import { PageSpinner } from '#app/ui/spinner';
import type { Route } from './+types/overview';

// The overview is server-rendered: its words (the public and signed-in parts) are there before it hydrates.
await loadPageWords('public', 'app');

/**
 * First load: the server renders the overview of the person the page credential names
 * (docs/decisions/web-signed-in-pages-render-on-the-server-at-first.md), from the same service as
 * GET /overview; without one (no cookie, a session that ended) the browser loads it.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await context.services.signedIn.viewer(request);
  if (!viewer) return null;
  const language = languageOf(params.lang);
  const overview = await context.services.signedIn.overview(viewer, { request, language });
  return { userId: viewer.userId, overview, loadedAt: Date.now() };
}

/**
 * At hydration, what the server rendered (when it was this tab's person) seeds the query cache;
 * afterwards the overview is one answer taken from the cache or fetched once as soon as the
 * session is known: the page renders complete, with no second round of calls and no spinner of
 * its own, and coming back to it shows what the cache holds at once (refreshed when stale).
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const hydrating = takeHydration(request);
  const session = await requireSession(request);
  const queryClient = getQueryClient();
  if (hydrating) {
    const rendered = await serverLoader();
    if (rendered?.userId === session.userId) {
      queryClient.setQueryData(overviewKeys.of(session.userId), rendered.overview, { updatedAt: rendered.loadedAt });
      return rendered;
    }
  }
  return { userId: session.userId, ...(await loadOverview(queryClient, session.userId)) };
}
clientLoader.hydrate = true as const;

/** /overview/: what matters now, by role (docs/decisions/web-one-overview-answer-shaped-by-role-read-through.md). */
export default function Overview({ loaderData }: Route.ComponentProps) {
  // On the server: the words this module awaits in the browser come with its modules, not after.
  preloadCatalog(useLocaleData().lang, 'public', 'app');
  useSignalPageShown();
  // No page credential on the server: the browser's loader brings the overview.
  if (!loaderData) return <PageSpinner />;
  return <OverviewPage {...loaderData} />;
}

function OverviewPage(loaded: { userId: string; overview: OverviewAnswer; loadedAt: number }) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const now = useNow(30_000, loaded.loadedAt);
  const overview = useOverview(loaded.userId, loaded.overview, loaded.loadedAt).data;
  const title = overview.firstName
    ? t('overview.greeting', { name: overview.firstName })
    : t('overview.greetingNoName');
  return (
    <>
      <title>{`${t('appNav.overview')} · ${t('nav.brand')}`}</title>
      <h1 className="text-2xl font-semibold" data-testid="overview-greeting">
        {title}
      </h1>
      <p className="mt-1 mb-6 text-slate-600">{t(`overview.intro.${overview.role}`)}</p>
      {overview.role === 'client' ? (
        <>
          <PendingConsents />
          <ClientOverview
            overview={overview}
            now={now}
            renderJoin={(booking) => (
              <JoinRoomLink booking={booking} path={innerPaths.sessionRoom(lang, booking.identifier)} />
            )}
            renderMessage={(userIdentifier) => (
              <MessageButton userIdentifier={userIdentifier} threadPath={(id) => innerPaths.messageThread(lang, id)} />
            )}
          />
        </>
      ) : overview.role === 'provider' ? (
        <>
          <ProviderSetupPanel className="mb-4" />
          <ProviderOverview
            overview={overview}
            now={now}
            renderJoin={(booking) => (
              <JoinRoomLink booking={booking} path={innerPaths.sessionRoom(lang, booking.identifier)} />
            )}
          />
        </>
      ) : (
        <AdminOverview overview={overview} />
      )}
    </>
  );
}
