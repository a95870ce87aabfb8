import type { ReschedulePolicy } from '@app/shared/schemas/bookings';
import { useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { bookingKeys } from './keys';

/** GET /appointment/policy/{id}/reschedule (either party): may the caller reschedule, and whether it needs approval. */
export function getReschedulePolicy(id: string): Promise<ReschedulePolicy> {
  return api<ReschedulePolicy>(`/appointment/policy/${encodeURIComponent(id)}/reschedule`);
}

export function useReschedulePolicy(id: string | null) {
  return useQuery({
    queryKey: bookingKeys.reschedulePolicy(id ?? ''),
    queryFn: () => getReschedulePolicy(id as string),
    enabled: id !== null,
    staleTime: 0,
  });
}
