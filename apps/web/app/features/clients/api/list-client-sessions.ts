import type { BookingPage } from '@app/shared/schemas/bookings';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { clientKeys } from './keys';

/** GET /appointment/client/{id}?page: the provider's sessions with this client, newest first. */
export function listClientSessions(id: string, page: number): Promise<BookingPage> {
  return api<BookingPage>(`/appointment/client/${id}?page=${page}&perPage=50`);
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
