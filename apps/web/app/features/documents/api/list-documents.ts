import type { DocumentList } from '@app/shared/schemas/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';

export type DocumentsOf = { bookingId: string } | { transactionId: string };

const search = (of: DocumentsOf) =>
  'bookingId' in of
    ? `bookingId=${encodeURIComponent(of.bookingId)}`
    : `transactionId=${encodeURIComponent(of.transactionId)}`;

/** GET /documents?bookingId= | ?transactionId=: the receipts and invoices the reader may download. */
export function listDocuments(of: DocumentsOf): Promise<DocumentList> {
  return api<DocumentList>(`/documents?${search(of)}`);
}

export function documentsQuery(of: DocumentsOf) {
  return queryOptions({
    queryKey: ['documents', 'list', search(of)] as const,
    queryFn: () => listDocuments(of),
    // A receipt is issued seconds after its payment: look again soon while there is none.
    refetchInterval: (query) => (query.state.data?.data.length === 0 ? 5_000 : false),
  });
}

export function useDocuments(of: DocumentsOf) {
  return useQuery(documentsQuery(of));
}
