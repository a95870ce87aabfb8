import type { State, StateStat } from '@app/shared/schemas/region';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { directoryKeys } from '#app/api/keys/directory';

/** GET /region/country/code/{code}/states (public). Languages and countries are cached indefinitely (SPEC.md §9). */
export function listStates(countryCode: string): Promise<State[]> {
  return api<State[]>(`/region/country/code/${encodeURIComponent(countryCode)}/states`, { anonymous: true });
}

/** GET /providers/stats/states?countryCode&top=3 (public): where most therapists practise or are licensed. */
export function topStates(countryCode: string, top = 3): Promise<StateStat[]> {
  return api<StateStat[]>(`/providers/stats/states?countryCode=${encodeURIComponent(countryCode)}&top=${top}`, {
    anonymous: true,
  });
}

export const statesQuery = (countryCode: string) =>
  queryOptions({
    queryKey: directoryKeys.states(countryCode),
    queryFn: () => listStates(countryCode),
    staleTime: Infinity,
  });

export const topStatesQuery = (countryCode: string) =>
  queryOptions({
    queryKey: directoryKeys.topStates(countryCode),
    queryFn: () => topStates(countryCode),
    staleTime: 60_000,
  });

export function useStates(countryCode: string, enabled: boolean) {
  return useQuery({ ...statesQuery(countryCode), enabled });
}

export function useTopStates(countryCode: string, enabled: boolean) {
  return useQuery({ ...topStatesQuery(countryCode), enabled });
}
