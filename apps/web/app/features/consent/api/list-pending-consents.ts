import type { PendingConsents } from '@app/shared/schemas/consent';
import { useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { consentKeys } from './keys';

/** GET /consent/pending (client): consents to sign before upcoming sessions. */
export function usePendingConsents(enabled: boolean) {
  return useQuery({
    queryKey: consentKeys.pending(),
    queryFn: () => api<PendingConsents>('/consent/pending'),
    enabled,
  });
}
