import type { CancellationPolicy } from '@app/shared/schemas/bookings';
import { useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { bookingKeys } from './keys';

/** GET /appointment/policy/{id}/cancellation (either party): may the caller cancel now, and the refund. */
export function getCancellationPolicy(id: string): Promise<CancellationPolicy> {
  return api<CancellationPolicy>(`/appointment/policy/${encodeURIComponent(id)}/cancellation`);
}

export function useCancellationPolicy(id: string | null) {
  return useQuery({
    queryKey: bookingKeys.cancellationPolicy(id ?? ''),
    queryFn: () => getCancellationPolicy(id as string),
    enabled: id !== null,
    staleTime: 0,
  });
}
