import { useTranslation } from 'react-i18next';
import { getQueryClient } from '#app/api/query-client';
import { requireSession } from '#app/features/auth/require-session';
import { MessageButton } from '#app/features/messages/components/message-button';
import { loadOverview, useOverview } from '#app/features/overview/api/get-overview';
import { AdminOverview } from '#app/features/overview/components/admin-overview';
import { ClientOverview } from '#app/features/overview/components/client-overview';
import { ProviderOverview } from '#app/features/overview/components/provider-overview';
import { useNow } from '#app/features/overview/components/when';
import { ProviderSetupPanel } from '#app/features/profiles/setup-panel';
import { JoinRoomLink } from '#app/features/session-room/components/join-room-link';
import { localePath } from '#app/lib/i18n';
import { useLocaleData } from '#app/lib/shell-data';
import type { Route } from './+types/overview';

/**
 * The overview is one answer (GET /overview), taken by the loader from the query cache or fetched
 * once as soon as the session is known, and handed to the page's query as its first data: the
 * page renders complete, with no second round of calls and no spinner of its own; coming back to
 * it shows what the cache holds at once (refreshed behind it when stale).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const session = await requireSession(request);
  return { userId: session.userId, ...(await loadOverview(getQueryClient(), session.userId)) };
}

/** /overview/: what matters now, by role (docs/decisions.md "The first screens (issue 27)"). */
export default function Overview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const now = useNow();
  const overview = useOverview(loaderData.userId, loaderData.overview, loaderData.loadedAt).data;
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
        <ClientOverview
          overview={overview}
          now={now}
          renderJoin={(booking) => (
            <JoinRoomLink booking={booking} path={localePath(lang, `/session/${booking.identifier}/`)} />
          )}
          renderMessage={(userIdentifier) => (
            <MessageButton userIdentifier={userIdentifier} threadPath={(id) => localePath(lang, `/messages/${id}/`)} />
          )}
        />
      ) : overview.role === 'provider' ? (
        <>
          <ProviderSetupPanel className="mb-4" />
          <ProviderOverview overview={overview} now={now} />
        </>
      ) : (
        <AdminOverview overview={overview} />
      )}
    </>
  );
}
