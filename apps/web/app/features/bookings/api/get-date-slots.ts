import type { PublicTimeslots } from '@app/shared/schemas/availability';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { availabilityKeys, categoryQuery } from '#app/api/keys/availability';

export interface PublicDateParams {
  providerId: string;
  date: string;
  category: string | null;
  timezone: string;
}

/** GET /providers-availability/{providerId}/timeslot/{YYYY-MM-DD}?category&timezone (public): that day's free slots in the viewer's zone. */
export function getDateSlots({ providerId, date, category, timezone }: PublicDateParams): Promise<PublicTimeslots> {
  return api<PublicTimeslots>(
    `/providers-availability/${encodeURIComponent(providerId)}/timeslot/${date}${categoryQuery(category, { timezone })}`,
    { anonymous: true },
  );
}

export const dateSlotsQuery = (params: PublicDateParams) =>
  queryOptions({
    queryKey: availabilityKeys.publicDate(params.providerId, params.date, params.category, params.timezone),
    queryFn: () => getDateSlots(params),
    staleTime: 30_000,
  });

export function useDateSlots(params: PublicDateParams | null) {
  return useQuery({
    ...dateSlotsQuery(params ?? { providerId: '', date: '', category: null, timezone: '' }),
    enabled: params !== null,
  });
}
