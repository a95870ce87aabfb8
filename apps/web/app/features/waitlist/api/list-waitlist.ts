import type { WaitlistEntryList } from '@app/shared/schemas/waitlist';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';

export const waitlistKey = ['waitlist', 'own'] as const;

/** GET /waitlist: the client's waiting entries, each with the slot held for them now (if any). */
export function listWaitlist(): Promise<WaitlistEntryList> {
  return api<WaitlistEntryList>('/waitlist');
}

export const waitlistQuery = queryOptions({ queryKey: waitlistKey, queryFn: listWaitlist });

export function useWaitlist(enabled = true) {
  return useQuery({ ...waitlistQuery, enabled });
}
