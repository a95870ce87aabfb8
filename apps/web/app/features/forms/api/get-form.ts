import type { FormRequest } from '@app/shared/schemas/forms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { formKeys } from './keys';

/** GET /forms/requests/{id}: one questionnaire with its answers (each read is recorded). */
export function getForm(requestId: string): Promise<FormRequest> {
  return api<FormRequest>(`/forms/requests/${requestId}`);
}

// Answers are clinical: never kept in the cache once the page is gone.
export const formQuery = (requestId: string) =>
  queryOptions({ queryKey: formKeys.one(requestId), queryFn: () => getForm(requestId), staleTime: 0, gcTime: 0 });

export function useForm(requestId: string) {
  return useQuery(formQuery(requestId));
}
