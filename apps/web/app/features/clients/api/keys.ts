export const clientKeys = {
  all: ['clients'] as const,
  list: (search: string, source: 'all' | 'imported') => ['clients', 'list', source, search] as const,
  profile: (id: string) => ['clients', 'profile', id] as const,
  relation: (id: string) => ['clients', 'relation', id] as const,
  sessions: (id: string, page: number) => ['clients', 'sessions', id, page] as const,
  /** The signed-in client's open invitations from therapists. */
  invitations: ['client-invitations'] as const,
};
