import type { TherapyCategory } from '@app/shared/schemas/catalog';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from './client';
import { profileKeys } from './keys/profiles';

/** GET /categories/therapy: a provider's discipline is one of these. */
export function listTherapyCategories(): Promise<TherapyCategory[]> {
  return api<TherapyCategory[]>('/categories/therapy', { anonymous: true });
}

export function useTherapyCategories(enabled = true) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: profileKeys.therapyCategories(i18n.language),
    queryFn: listTherapyCategories,
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}
