import type { CalendarDay } from '@app/shared/schemas/availability';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { availabilityKeys, categoryQuery } from '#app/api/keys/availability';

/** GET /provider-availability/days/custom?category: the specific dates from today on. */
export function listCustomDays(category: string | null): Promise<CalendarDay[]> {
  return api<CalendarDay[]>(`/provider-availability/days/custom${categoryQuery(category)}`);
}

export const customDaysQuery = (category: string | null) =>
  queryOptions({ queryKey: availabilityKeys.custom(category), queryFn: () => listCustomDays(category) });

export function useCustomDays(category: string | null, enabled = true) {
  return useQuery({ ...customDaysQuery(category), enabled });
}
