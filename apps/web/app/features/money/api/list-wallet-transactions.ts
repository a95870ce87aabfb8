import type { TransactionType, WalletTransaction } from '@app/shared/schemas/wallet';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#app/api/api-get';
import { walletKeys } from '#app/api/keys/money';

export interface TransactionFilters {
  page: number;
  fromDate?: string;
  toDate?: string;
  transactionType?: TransactionType;
}

export interface Page<T> {
  data: T[];
  meta: { page: number; perPage: number; total: number; totalPages: number };
}

export const TRANSACTIONS_PER_PAGE = 10;

/** GET /wallet/transactions?page&perPage&fromDate&toDate&transactionType, newest first. */
function transactionsPath(filters: TransactionFilters): string {
  const query = new URLSearchParams({ page: String(filters.page), perPage: String(TRANSACTIONS_PER_PAGE) });
  if (filters.fromDate) query.set('fromDate', filters.fromDate);
  if (filters.toDate) query.set('toDate', filters.toDate);
  if (filters.transactionType) query.set('transactionType', filters.transactionType);
  return `/wallet/transactions?${query}`;
}

export function walletTransactionsQuery(filters: TransactionFilters, language: string) {
  return queryOptions({
    // Titles are localized by the server.
    queryKey: walletKeys.transactions({ ...filters }, language),
    ...apiGet<Page<WalletTransaction>>(transactionsPath(filters)),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useWalletTransactions(filters: TransactionFilters, language: string) {
  return useQuery(walletTransactionsQuery(filters, language));
}
