import type { WeeklyDay } from '@app/shared/schemas/availability';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { availabilityKeys, categoryQuery } from '#app/api/keys/availability';

/** GET /provider-availability/days/default?category: the 7 weekdays (ISO 1 = Monday … 7 = Sunday). */
export function getWeeklyPattern(category: string | null): Promise<WeeklyDay[]> {
  return api<WeeklyDay[]>(`/provider-availability/days/default${categoryQuery(category)}`);
}

export const weeklyPatternQuery = (category: string | null) =>
  queryOptions({ queryKey: availabilityKeys.weekly(category), queryFn: () => getWeeklyPattern(category) });

export function useWeeklyPattern(category: string | null, enabled = true) {
  return useQuery({ ...weeklyPatternQuery(category), enabled });
}
