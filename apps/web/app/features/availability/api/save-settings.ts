import type {
  AvailabilitySettings,
  CategoryAvailabilitySetting,
  UpdateAvailabilitySettings,
} from '@app/shared/schemas/availability';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { availabilityKeys, categoryQuery } from '#app/api/keys/availability';

export interface SaveSettingsInput {
  /** The category calendar whose session length is set (BY_CATEGORY), or null for the general one. */
  category: string | null;
  values: UpdateAvailabilitySettings;
}

/**
 * PUT /provider-availability/settings for the general calendar, or
 * POST /provider/availability-setting?category= for a category's (setupType is provider-wide).
 */
export function saveAvailabilitySettings({ category, values }: SaveSettingsInput): Promise<unknown> {
  if (category) {
    return api<CategoryAvailabilitySetting>(`/provider/availability-setting${categoryQuery(category)}`, {
      method: 'POST',
      body: values,
    });
  }
  return api<AvailabilitySettings>('/provider-availability/settings', { method: 'PUT', body: values });
}

export function useSaveAvailabilitySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAvailabilitySettings,
    // The setup type decides which calendar every other view reads: refresh them all.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
  });
}
