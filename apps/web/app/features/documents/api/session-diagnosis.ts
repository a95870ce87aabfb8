import type { SessionDiagnosis, SessionDiagnosisUpdate } from '@app/shared/schemas/documents';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';

const key = (bookingId: string) => ['documents', 'diagnosis', bookingId] as const;

/** GET /note/booking/{id}/diagnosis: the provider's own session's codes (the read is logged). */
export function useSessionDiagnosis(bookingId: string) {
  return useQuery({
    queryKey: key(bookingId),
    queryFn: () => api<SessionDiagnosis>(`/note/booking/${encodeURIComponent(bookingId)}/diagnosis`),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** PUT /note/booking/{id}/diagnosis. */
export function useSaveSessionDiagnosis(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SessionDiagnosisUpdate) =>
      api<SessionDiagnosis>(`/note/booking/${encodeURIComponent(bookingId)}/diagnosis`, { method: 'PUT', body: input }),
    onSuccess: (saved) => queryClient.setQueryData(key(bookingId), saved),
  });
}
