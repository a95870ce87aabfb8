import type { ProviderBillingDetails, ProviderBillingDetailsUpdate } from '@app/shared/schemas/documents';
import type { State } from '@app/shared/schemas/region';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '#app/api/client';
import { profileKeys } from '#app/api/keys/profiles';

const billingKey = ['profiles', 'billing-details'] as const;

/** GET /provider/billing-details: practice name, NPI and licence printed on invoices and superbills. */
export function getBillingDetails(): Promise<ProviderBillingDetails> {
  return api<ProviderBillingDetails>('/provider/billing-details');
}

export const billingDetailsQuery = queryOptions({ queryKey: billingKey, queryFn: getBillingDetails });

export function useBillingDetails() {
  return useQuery(billingDetailsQuery);
}

/** PUT /provider/billing-details. */
export function saveBillingDetails(input: ProviderBillingDetailsUpdate): Promise<ProviderBillingDetails> {
  return api<ProviderBillingDetails>('/provider/billing-details', { method: 'PUT', body: input });
}

export function useSaveBillingDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBillingDetails,
    onSuccess: (saved) => queryClient.setQueryData(billingKey, saved),
  });
}

/** GET /region/country/code/US/states: where a US licence can be held. */
export function useUsStates() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: profileKeys.states('code:US', i18n.language),
    queryFn: () => api<State[]>('/region/country/code/US/states', { anonymous: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
