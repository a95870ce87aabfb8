import type { Preferences } from '@app/shared/schemas/profiles';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '#app/api/client';
import { profileKeys } from '#app/api/keys/profiles';

export type PreferenceOwner = 'client' | 'provider';

/** GET /client/preferences or /provider/preferences: the chosen options of every list. */
export function getMyPreferences(owner: PreferenceOwner): Promise<Preferences> {
  return api<Preferences>(`/${owner}/preferences`);
}

export function useMyPreferences(owner: PreferenceOwner) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: profileKeys.myPreferences(owner, i18n.language),
    queryFn: () => getMyPreferences(owner),
  });
}
