/** Query keys of the profiles screens (one place, so mutations invalidate the right lists). */
export const profileKeys = {
  client: ['profiles', 'client'] as const,
  provider: ['profiles', 'provider'] as const,
  avatars: ['profiles', 'avatars'] as const,
  myPreferences: (role: 'client' | 'provider', language: string) =>
    ['profiles', 'preferences', role, language] as const,
  preferenceOptions: (language: string) => ['catalog', 'preferences', language] as const,
  therapyCategories: (language: string) => ['catalog', 'therapy-categories', language] as const,
  countries: (scope: 'all' | 'operating', language: string) => ['region', 'countries', scope, language] as const,
  states: (countryId: string, language: string) => ['region', 'states', countryId, language] as const,
};
