import type { VirtualAccount } from '@app/shared/schemas/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '#app/api/client';
import { walletKeys } from '#app/api/keys/money';

/** GET /virtual-accounts/account: the client's own account number for bank-transfer top-ups. */
export function getVirtualAccount(): Promise<VirtualAccount> {
  return api<VirtualAccount>('/virtual-accounts/account');
}

/** POST /virtual-accounts/generate: answers the same account on every call; needs first and last name. */
export function generateVirtualAccount(): Promise<VirtualAccount> {
  return api<VirtualAccount>('/virtual-accounts/generate', { method: 'POST' });
}

/** The existing account, or a new one when there is none yet (SPEC.md §4 "Bank-transfer top-up"). */
export async function getOrGenerateVirtualAccount(): Promise<VirtualAccount> {
  try {
    return await getVirtualAccount();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'VIRTUAL_ACCOUNT_NOT_FOUND') return generateVirtualAccount();
    throw error;
  }
}

export const virtualAccountQuery = queryOptions({
  queryKey: walletKeys.virtualAccount,
  queryFn: getOrGenerateVirtualAccount,
  // An account number does not change.
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

export function useVirtualAccount() {
  return useQuery(virtualAccountQuery);
}
