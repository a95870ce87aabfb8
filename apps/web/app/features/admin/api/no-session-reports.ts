import type {
  AdminNoSessionReport,
  AdminNoSessionReportDetail,
  NoSessionDecisionBody,
  NoSessionReportPage,
} from '@app/shared/schemas/session-room';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { adminKeys } from './keys';

/** GET /admin/no-session-reports: waiting reports first, then the latest decided. */
export function listNoSessionReports(): Promise<NoSessionReportPage> {
  return api<NoSessionReportPage>('/admin/no-session-reports');
}

export const noSessionReportsQuery = () =>
  queryOptions({ queryKey: adminKeys.noSessionReports, queryFn: listNoSessionReports, staleTime: 15_000 });

export function useNoSessionReports() {
  return useQuery(noSessionReportsQuery());
}

/** GET /admin/no-session-reports/{id}: one report with both parties' stays in the room. */
export function getNoSessionReport(bookingId: string): Promise<AdminNoSessionReportDetail> {
  return api<AdminNoSessionReportDetail>(`/admin/no-session-reports/${encodeURIComponent(bookingId)}`);
}

export function useNoSessionReportDetail(bookingId: string) {
  return useQuery({
    queryKey: adminKeys.noSessionReport(bookingId),
    queryFn: () => getNoSessionReport(bookingId),
    staleTime: 15_000,
  });
}

/** POST /admin/no-session-reports/{id}/decision: refund the client, or release the fee to the therapist. */
export function decideNoSessionReport(bookingId: string, body: NoSessionDecisionBody): Promise<AdminNoSessionReport> {
  return api<AdminNoSessionReport>(`/admin/no-session-reports/${encodeURIComponent(bookingId)}/decision`, {
    method: 'POST',
    body,
  });
}

/** A decision refreshes the back office (the list moves the report, the audit log shows it). */
export function useDecideNoSessionReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { bookingId: string; body: NoSessionDecisionBody }) =>
      decideNoSessionReport(input.bookingId, input.body),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
