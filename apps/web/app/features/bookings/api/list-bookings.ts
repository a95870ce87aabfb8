import type { BookingLinePage } from '@app/shared/schemas/booking-lists';
import type { BookingStatus } from '@app/shared/schemas/bookings';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#app/api/api-get';
import { type BookingRole, bookingKeys } from './keys';

export interface BookingListParams {
  role: BookingRole;
  statuses: readonly BookingStatus[];
  page: number;
}

/**
 * GET /booking?page&statuses (client's bookings) or GET /appointment?statuses&page (provider's),
 * a series as one line with its sessions beneath (groupSeries).
 */
function bookingListPath({ role, statuses, page }: BookingListParams): string {
  const query = new URLSearchParams({ page: String(page), perPage: '10', groupSeries: 'true' });
  if (statuses.length > 0) query.set('statuses', statuses.join(','));
  return `/${role === 'client' ? 'booking' : 'appointment'}?${query}`;
}

/** Lists: 60 s stale, one retry (SPEC.md §9). */
export const bookingListQuery = (params: BookingListParams) =>
  queryOptions({
    queryKey: bookingKeys.list(params.role, params.statuses, params.page),
    ...apiGet<BookingLinePage>(bookingListPath(params)),
    staleTime: 60_000,
    retry: 1,
    placeholderData: keepPreviousData,
  });

export function useBookingList(params: BookingListParams) {
  return useQuery(bookingListQuery(params));
}
