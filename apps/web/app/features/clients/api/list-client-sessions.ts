import type { BookingLinePage } from '@app/shared/schemas/booking-lists';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { clientKeys } from './keys';

/**
 * GET /appointment/client/{id}?page&groupSeries: the provider's sessions with this client, newest
 * first, a series as one line with every session of it beneath (`seriesSessions`).
 */
export function listClientSessions(id: string, page: number): Promise<BookingLinePage> {
  return api<BookingLinePage>(`/appointment/client/${id}?page=${page}&perPage=50&groupSeries=true`);
}

export const clientSessionsQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: clientKeys.sessions(id, page),
    queryFn: () => listClientSessions(id, page),
    placeholderData: keepPreviousData,
  });

export function useClientSessions(id: string, page = 1) {
  return useQuery(clientSessionsQuery(id, page));
}
