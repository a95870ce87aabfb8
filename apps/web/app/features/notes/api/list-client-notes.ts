import type { ClientNotesQuery, NotePage } from '@app/shared/schemas/notes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { noteKeys } from './keys';

/** GET /note/client/{id}?type&page&title&fromDate&toDate: the client's notes, newest first. */
export function listClientNotes(clientId: string, query: ClientNotesQuery): Promise<NotePage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return api<NotePage>(`/note/client/${clientId}?${params.toString()}`);
}

export const clientNotesQuery = (clientId: string, query: ClientNotesQuery) =>
  queryOptions({
    queryKey: noteKeys.client(clientId, query),
    queryFn: () => listClientNotes(clientId, query),
    placeholderData: keepPreviousData,
  });

export function useClientNotes(clientId: string, query: ClientNotesQuery) {
  return useQuery(clientNotesQuery(clientId, query));
}
