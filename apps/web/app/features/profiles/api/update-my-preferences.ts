import type { Preferences, PreferencesUpdate } from '@app/shared/schemas/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '#app/api/client';
import { profileKeys } from '#app/api/keys/profiles';
import type { PreferenceOwner } from './get-my-preferences';

/** PUT /client/preferences or /provider/preferences: the lists sent are replaced. */
export function updateMyPreferences(owner: PreferenceOwner, input: PreferencesUpdate): Promise<Preferences> {
  return api<Preferences>(`/${owner}/preferences`, { method: 'PUT', body: input });
}

export function useUpdateMyPreferences(owner: PreferenceOwner) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: (input: PreferencesUpdate) => updateMyPreferences(owner, input),
    onSuccess: (preferences) => {
      queryClient.setQueryData(profileKeys.myPreferences(owner, i18n.language), preferences);
      // A provider's therapies, modalities and specialities are setup items.
      if (owner === 'provider') return queryClient.invalidateQueries({ queryKey: profileKeys.provider });
    },
  });
}
