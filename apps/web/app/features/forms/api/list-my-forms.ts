import type { FormRequestSummary } from '@app/shared/schemas/forms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { formKeys } from './keys';

/** GET /forms/mine: the questionnaires sent to the client, open ones first. */
export function listMyForms(): Promise<{ data: FormRequestSummary[] }> {
  return api<{ data: FormRequestSummary[] }>('/forms/mine');
}

export const myFormsQuery = () => queryOptions({ queryKey: formKeys.mine(), queryFn: listMyForms, staleTime: 0 });

export function useMyForms() {
  return useQuery(myFormsQuery());
}
