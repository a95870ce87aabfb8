import { TRANSACTION_TYPES, type TransactionType } from '@app/shared/schemas/wallet';
import type { TransactionFilters } from '../api/list-wallet-transactions';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The statement's page and filters from the address; anything malformed is left out. */
export function filtersFromSearch(params: URLSearchParams): TransactionFilters {
  const page = Number(params.get('page'));
  const fromDate = params.get('fromDate') ?? '';
  const toDate = params.get('toDate') ?? '';
  const type = params.get('transactionType') ?? '';
  const filters: TransactionFilters = { page: Number.isInteger(page) && page > 0 ? page : 1 };
  if (DATE.test(fromDate)) filters.fromDate = fromDate;
  if (DATE.test(toDate) && (!filters.fromDate || toDate >= filters.fromDate)) filters.toDate = toDate;
  if ((TRANSACTION_TYPES as readonly string[]).includes(type)) filters.transactionType = type as TransactionType;
  return filters;
}

/** The address's query for a page and filters (page 1 and empty filters stay out of it). */
export function searchFromFilters(filters: TransactionFilters): string {
  const params = new URLSearchParams();
  if (filters.fromDate) params.set('fromDate', filters.fromDate);
  if (filters.toDate) params.set('toDate', filters.toDate);
  if (filters.transactionType) params.set('transactionType', filters.transactionType);
  if (filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}
