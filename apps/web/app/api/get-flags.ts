import type { FlagKey, VisitorFlags } from '@app/shared/schemas/flags';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { useDeferredQuery } from './deferred-query';

/**
 * GET /flags: the feature flags for this visitor (visitor-id cookie, country). Read in the
 * browser only: server-rendered HTML never depends on a flag, so public pages stay cacheable.
 */
export function getFlags(): Promise<VisitorFlags> {
  return api<VisitorFlags>('/flags', { anonymous: true });
}

export const flagsQuery = (countryCode: string) =>
  queryOptions({ queryKey: ['flags', countryCode] as const, queryFn: getFlags, staleTime: 60_000 });

/**
 * One flag: false until known (on the server, and while loading). Every layout reads one, so it
 * loads the query library after hydration instead of with the page (`useDeferredQuery`).
 */
export function useFlag(key: FlagKey, countryCode: string): boolean {
  const flags = useDeferredQuery(flagsQuery(countryCode));
  return flags.data?.flags[key] ?? false;
}
