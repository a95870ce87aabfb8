import type { NoSessionReport, NoSessionReportBody } from '@app/shared/schemas/session-room';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { roomKeys } from './keys';

/** GET /booking/{id}/no-session-report (client): their report on this session, or null. */
export function getNoSessionReport(bookingId: string): Promise<NoSessionReport | null> {
  return api<NoSessionReport | null>(`/booking/${encodeURIComponent(bookingId)}/no-session-report`);
}

export const noSessionReportQuery = (bookingId: string) =>
  queryOptions({
    queryKey: roomKeys.noSessionReport(bookingId),
    queryFn: () => getNoSessionReport(bookingId),
    staleTime: 60_000,
  });

export function useNoSessionReport(bookingId: string, enabled = true) {
  return useQuery({ ...noSessionReportQuery(bookingId), enabled });
}

/** POST /booking/{id}/no-session-report (client): "the session did not take place", with the reason. */
export function reportNoSession(bookingId: string, body: NoSessionReportBody): Promise<NoSessionReport> {
  return api<NoSessionReport>(`/booking/${encodeURIComponent(bookingId)}/no-session-report`, {
    method: 'POST',
    body,
  });
}

export function useReportNoSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { bookingId: string; body: NoSessionReportBody }) =>
      reportNoSession(input.bookingId, input.body),
    onSuccess: (report) => client.setQueryData(roomKeys.noSessionReport(report.bookingIdentifier), report),
  });
}
