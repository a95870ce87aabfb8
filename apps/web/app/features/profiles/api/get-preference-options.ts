import type { PreferenceListName } from '@app/shared/schemas/catalog';
import type { NamedItem } from '@app/shared/schemas/common';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '#app/api/client';
import { profileKeys } from '#app/api/keys/profiles';

export type PreferenceOptions = Record<PreferenceListName, NamedItem[]>;

/** GET /preferences: the options of all 12 preference lists, in the request's language. */
export function getPreferenceOptions(): Promise<PreferenceOptions> {
  return api<PreferenceOptions>('/preferences', { anonymous: true });
}

export function usePreferenceOptions() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: profileKeys.preferenceOptions(i18n.language),
    queryFn: getPreferenceOptions,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
