import type { Country } from '@app/shared/schemas/region';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '#app/api/client';
import { profileKeys } from '#app/api/keys/profiles';

/** GET /region/country[?all=true]: every country, or the operating ones only. */
export function listCountries(scope: 'all' | 'operating'): Promise<Country[]> {
  return api<Country[]>(scope === 'all' ? '/region/country?all=true' : '/region/country', { anonymous: true });
}

/** Countries are cached indefinitely (SPEC.md §9). */
export function useCountries(scope: 'all' | 'operating') {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: profileKeys.countries(scope, i18n.language),
    queryFn: () => listCountries(scope),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
