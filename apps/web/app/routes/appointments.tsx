import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { userInfoQuery } from '#app/api/get-user-info';
import { getQueryClient } from '#app/api/query-client';
import { requireSession } from '#app/features/auth/lib/require-session';
import { bookingListQuery, useBookingList } from '#app/features/bookings/api/list-bookings';
import { AppointmentCard } from '#app/features/bookings/components/appointment-card';
import { BookingDialogs } from '#app/features/bookings/components/booking-dialogs';
import { bookingRoleOf, useBookingRole } from '#app/features/bookings/lib/role';
import { isStatusFilter, STATUS_FILTERS, type StatusFilter } from '#app/features/bookings/lib/rules';
import { ReviewAction } from '#app/features/reviews/components/review-action';
import { ReviewDialog } from '#app/features/reviews/components/review-dialog';
import { JoinRoomLink } from '#app/features/session-room/components/join-room-link';
import { paths } from '#app/lib/paths';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { useViewerZone } from '#app/lib/viewer-zone';
import { cn } from '#app/ui/cn';
import { PagedList, PagedListLoading } from '#app/ui/paged-list';
import { pageSearch } from '#app/ui/pagination';
import type { Route } from './+types/appointments';

/**
 * /appointments/ (SPEC.md §2): the client's bookings (GET /booking) or the provider's
 * appointments (GET /appointment), filtered by status, with the reschedule, cancel and message
 * dialogs. Lists stay fresh for 60 s with one retry (SPEC.md §9).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const session = await requireSession(request, ['client', 'provider']);
  // Started here, not awaited: the list and the zone it shows times in load while the page's
  // words and code still do (docs/decisions/web-signed-in-time-to-content.md).
  const queryClient = getQueryClient();
  const { page, filter } = listOf(new URL(request.url).searchParams);
  void queryClient.prefetchQuery(
    bookingListQuery({ role: bookingRoleOf(session.role), statuses: STATUS_FILTERS[filter], page }),
  );
  void queryClient.prefetchQuery(userInfoQuery);
  return null;
}

/** The status filter and page the address asks for (anything else: all, page 1). */
function listOf(params: URLSearchParams): { filter: StatusFilter; page: number } {
  const filterParam = params.get('status');
  return {
    filter: isStatusFilter(filterParam) ? filterParam : 'all',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

export default function Appointments() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const role = useBookingRole();
  const zone = useViewerZone();
  const [params, setParams] = useSearchParams();
  const { filter, page } = listOf(params);
  const list = useBookingList({ role, statuses: STATUS_FILTERS[filter], page });
  const [now] = useState(() => Date.now());

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
