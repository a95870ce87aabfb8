import type { BookingParty } from '@app/shared/schemas/bookings';
import type { NoShowCountPage } from '@app/shared/schemas/session-room';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { adminKeys, queryString } from './keys';

export interface NoShowQuery {
  party: BookingParty;
  page: number;
}

/** GET /admin/no-shows. */
export function listNoShows(query: NoShowQuery): Promise<NoShowCountPage> {
  return api<NoShowCountPage>(`/admin/no-shows${queryString({ ...query })}`);
}

export const noShowsQuery = (query: NoShowQuery) =>
  queryOptions({ queryKey: adminKeys.noShows(query), queryFn: () => listNoShows(query), staleTime: 15_000 });

export function useNoShows(query: NoShowQuery) {
  return useQuery({ ...noShowsQuery(query), placeholderData: keepPreviousData });
}
