import type { Insurance } from '@app/shared/schemas/credentials';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { credentialKeys } from './keys';

/** GET /provider/indemnity-insurance: newest expiry first. */
export async function listInsurance(): Promise<Insurance[]> {
  return (await api<{ data: Insurance[] }>('/provider/indemnity-insurance')).data;
}

export const insuranceQuery = queryOptions({
  queryKey: credentialKeys.insurance,
  queryFn: listInsurance,
  refetchInterval: 4 * 60_000,
});

export function useInsurance() {
  return useQuery(insuranceQuery);
}
