import type { UserInfo } from '@app/shared/schemas/auth';
import { HydrationBoundary } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { userInfoQuery } from '#app/api/get-user-info';
import {
  type AnswerableQuery,
  type AnsweredQueries,
  answerOf,
  answerPageQueries,
  hydratePageQueries,
} from '#app/api/page-queries';
import { requireSession } from '#app/features/auth/lib/require-session';
import type { BookingRole } from '#app/features/bookings/api/keys';
import { bookingListQuery, useBookingList } from '#app/features/bookings/api/list-bookings';
import { AppointmentCard } from '#app/features/bookings/components/appointment-card';
import { BookingDialogs } from '#app/features/bookings/components/booking-dialogs';
import { bookingRoleOf, useBookingRole } from '#app/features/bookings/lib/role';
import { isStatusFilter, STATUS_FILTERS, type StatusFilter } from '#app/features/bookings/lib/rules';
import { ReviewAction } from '#app/features/reviews/components/review-action';
import { ReviewDialog } from '#app/features/reviews/components/review-dialog';
import { JoinRoomLink } from '#app/features/session-room/components/join-room-link';
import { loadPageWords, preloadCatalog } from '#app/lib/i18n';
import { useSignalPageShown } from '#app/lib/page-shown';
import { paths } from '#app/lib/paths';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { useViewerZone } from '#app/lib/viewer-zone';
import { cn } from '#app/ui/cn';
import { Link } from '#app/ui/link';
import { PagedList, PagedListLoading } from '#app/ui/paged-list';
import { pageSearch } from '#app/ui/pagination';
import type { Route } from './+types/appointments';

// The list is server-rendered: its words (the public and signed-in parts) are there before it hydrates.
await loadPageWords('public', 'app');

/** The page's queries for an address and a side: the list it asks for and the user, whose zone its times are in. */
function appointmentQueries(url: URL, role: BookingRole): AnswerableQuery[] {
  const { page, filter } = listOf(url.searchParams);
  return [bookingListQuery({ role, statuses: STATUS_FILTERS[filter], page }), userInfoQuery];
}

/** What the server rendered the list for: the side, and the zone the user keeps (from their answer). */
type RenderedList = AnsweredQueries & { zone: string | null };

/**
 * First load: the server renders the list of the client or provider the page credential names,
 * its queries answered by the API in-process (docs/decisions/web-signed-in-pages-seed-their-queries-from-the-apis-answers.md);
 * without one the browser loads it.
 */
export async function loader(args: Route.LoaderArgs): Promise<RenderedList | null> {
  const url = new URL(args.request.url);
  const rendered = await answerPageQueries(args, ['client', 'provider'], (viewer) =>
    appointmentQueries(url, bookingRoleOf(viewer.role)),
  );
  if (!rendered) return null;
  return { ...rendered, zone: answerOf<UserInfo>(rendered, userInfoQuery.queryKey)?.timezone ?? null };
}

/** At hydration, what the server rendered (this tab's person's) seeds the query cache; otherwise the list and zone start here. */
export function clientLoader(args: Route.ClientLoaderArgs) {
  return hydratePageQueries(
    args,
    () => requireSession(args.request, ['client', 'provider']),
    (session) => appointmentQueries(new URL(args.request.url), bookingRoleOf(session.role)),
  );
}
clientLoader.hydrate = true as const;

/** The status filter and page the address asks for (anything else: all, page 1). */
function listOf(params: URLSearchParams): { filter: StatusFilter; page: number } {
  const filterParam = params.get('status');
  return {
    filter: isStatusFilter(filterParam) ? filterParam : 'all',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

/**
 * /appointments/ (SPEC.md §2): the client's bookings (GET /booking) or the provider's
 * appointments (GET /appointment), filtered by status, with the reschedule, cancel and message
 * dialogs. Lists stay fresh for 60 s with one retry (SPEC.md §9).
 */
export default function Appointments({ loaderData }: Route.ComponentProps) {
  // On the server: the words this module awaits in the browser come with its modules, not after.
  preloadCatalog(useLocaleData().lang, 'public', 'app');
  useSignalPageShown();
  return (
    <HydrationBoundary state={loaderData?.queries}>
      <AppointmentsPage rendered={loaderData} />
    </HydrationBoundary>
  );
}

function AppointmentsPage({ rendered }: { rendered: RenderedList | null }) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  // The server and the hydrating browser know the side and zone only from the render; the tab's
  // session and the user's answer take over after.
  const sessionRole = useBookingRole();
  const viewerZone = useViewerZone();
  const role = rendered ? bookingRoleOf(rendered.role) : sessionRole;
  const zone = viewerZone ?? rendered?.zone ?? null;
  const [params, setParams] = useSearchParams();
  const { filter, page } = listOf(params);
  const list = useBookingList({ role, statuses: STATUS_FILTERS[filter], page });
  const [now] = useState(() => rendered?.renderedAt ?? Date.now());

  function update(next: { status?: StatusFilter }) {
    const search = new URLSearchParams(params);
    if (next.status !== undefined) {
      if (next.status === 'all') search.delete('status');
      else search.set('status', next.status);
      search.delete('page');
    }
    setParams(search, { preventScrollReset: true });
  }

  return (
    <>
      <title>{`${t('bookingScreens.appointments.title')} · ${t('nav.brand')}`}</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('bookingScreens.appointments.title')}</h1>
          <p className="mt-1 text-slate-600">{t(`bookingScreens.appointments.intro.${role}`)}</p>
        </div>
        {role === 'client' ? (
          <Link
            to={paths.providers(lang)}
            className="inline-flex min-h-10 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t('bookingScreens.appointments.book')}
          </Link>
        ) : null}
      </div>
      <fieldset className="mt-5">
        <legend className="sr-only">{t('bookingScreens.appointments.filterLabel')}</legend>
        <div className="flex flex-wrap gap-2">
          {(Object.keys(STATUS_FILTERS) as StatusFilter[]).map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={filter === key}
              onClick={() => update({ status: key })}
              className={cn(
                'rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors',
                filter === key
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:border-brand-600 hover:bg-brand-50',
              )}
            >
              {t(`bookingScreens.appointments.filters.${key}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="mt-5">
        {zone ? (
          <PagedList
            query={list}
            empty={t(
              filter === 'all'
                ? `bookingScreens.appointments.empty.${role}`
                : 'bookingScreens.appointments.emptyFilter',
            )}
            page={page}
            hrefFor={(next) => pageSearch(params, next)}
          >
            {(found) => (
              <ul
                className={cn('flex flex-col gap-4', list.isPlaceholderData && 'opacity-60')}
                aria-busy={list.isFetching}
              >
                {found.data.map((booking) => (
                  <li key={booking.identifier}>
                    <AppointmentCard
                      booking={booking}
                      party={role}
                      zone={zone}
                      now={now}
                      renderJoin={(session) => (
                        <JoinRoomLink booking={session} path={innerPaths.sessionRoom(lang, session.identifier)} />
                      )}
                      renderExtra={(session) =>
                        role === 'client' ? <ReviewAction booking={session} now={now} /> : null
                      }
                    />
                  </li>
                ))}
              </ul>
            )}
          </PagedList>
        ) : (
          <PagedListLoading />
        )}
      </div>
      <BookingDialogs party={role} />
      {role === 'client' ? <ReviewDialog /> : null}
    </>
  );
}
