import type { FlagKey, VisitorFlags } from '@app/shared/schemas/flags';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';

/**
 * GET /flags: the feature flags for this visitor (visitor-id cookie, country). Read in the
 * browser only: server-rendered HTML never depends on a flag, so public pages stay cacheable.
 */
export function getFlags(): Promise<VisitorFlags> {
  return api<VisitorFlags>('/flags', { anonymous: true });
}

export const flagsQuery = (countryCode: string) =>
  queryOptions({ queryKey: ['flags', countryCode] as const, queryFn: getFlags, staleTime: 60_000 });

/** One flag: false until known (on the server, and while loading). */
export function useFlag(key: FlagKey, countryCode: string): boolean {
  const flags = useQuery(flagsQuery(countryCode));
  return flags.data?.flags[key] ?? false;
}
