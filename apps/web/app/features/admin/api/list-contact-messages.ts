import type { ContactMessagePage } from '@app/shared/schemas/contact';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { adminKeys, queryString } from './keys';

export interface ContactMessageQuery {
  page: number;
}

/** GET /admin/contact-messages. */
export function listContactMessages(query: ContactMessageQuery): Promise<ContactMessagePage> {
  return api<ContactMessagePage>(`/admin/contact-messages${queryString({ ...query })}`);
}

export const contactMessagesQuery = (query: ContactMessageQuery) =>
  queryOptions({
    queryKey: adminKeys.contactMessages(query),
    queryFn: () => listContactMessages(query),
    staleTime: 15_000,
  });

export function useContactMessages(query: ContactMessageQuery) {
  return useQuery({ ...contactMessagesQuery(query), placeholderData: keepPreviousData });
}
