import type { Person } from '@app/shared/schemas/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { messageKeys } from './keys';

/** GET /messages/contacts?searchQuery: people I have a booking with. */
export function listContacts(search: string): Promise<Person[]> {
  return api<Person[]>(`/messages/contacts${search ? `?searchQuery=${encodeURIComponent(search)}` : ''}`);
}

export const contactsQuery = (search: string) =>
  queryOptions({ queryKey: messageKeys.contacts(search), queryFn: () => listContacts(search) });

export function useContacts(search: string, enabled: boolean) {
  return useQuery({ ...contactsQuery(search), enabled });
}
