/** Query keys of the public therapist directory. */
export const directoryKeys = {
  all: ['directory'] as const,
  list: (countryCode: string | null, page: number) => ['directory', 'list', countryCode, page] as const,
  provider: (id: string) => ['directory', 'provider', id] as const,
  states: (countryCode: string) => ['directory', 'states', countryCode] as const,
  topStates: (countryCode: string) => ['directory', 'top-states', countryCode] as const,
  recommended: ['directory', 'recommended'] as const,
};
