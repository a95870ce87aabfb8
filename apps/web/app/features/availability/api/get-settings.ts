import type { AvailabilitySettings } from '@app/shared/schemas/availability';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { availabilityKeys } from '#app/api/keys/availability';

/** GET /provider-availability/settings: setup type, session lengths and the provider's zone. */
export function getAvailabilitySettings(): Promise<AvailabilitySettings> {
  return api<AvailabilitySettings>('/provider-availability/settings');
}

export const availabilitySettingsQuery = queryOptions({
  queryKey: availabilityKeys.settings,
  queryFn: getAvailabilitySettings,
});

export function useAvailabilitySettings() {
  return useQuery(availabilitySettingsQuery);
}
