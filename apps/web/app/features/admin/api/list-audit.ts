import type { AuditPage } from '@app/shared/schemas/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { adminKeys, queryString } from './keys';

export interface AuditQuery {
  action?: string;
  page: number;
}

/** GET /admin/audit. */
export function listAudit(query: AuditQuery): Promise<AuditPage> {
  return api<AuditPage>(`/admin/audit${queryString({ ...query })}`);
}

export const auditQuery = (query: AuditQuery) =>
  queryOptions({ queryKey: adminKeys.audit(query), queryFn: () => listAudit(query), staleTime: 15_000 });

export function useAudit(query: AuditQuery) {
  return useQuery({ ...auditQuery(query), placeholderData: keepPreviousData });
}
