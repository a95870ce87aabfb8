/** Query keys of the back office; `adminKeys.all` refreshes everything after a decision. */
export const adminKeys = {
  all: ['admin'] as const,
  providers: (query: object) => ['admin', 'providers', query] as const,
  provider: (id: string) => ['admin', 'provider', id] as const,
  users: (query: object) => ['admin', 'users', query] as const,
  audit: (query: object) => ['admin', 'audit', query] as const,
  bookings: (query: object) => ['admin', 'operations', 'bookings', query] as const,
  money: ['admin', 'operations', 'money'] as const,
  reconciliation: ['admin', 'operations', 'reconciliation'] as const,
  flags: ['admin', 'flags'] as const,
  supportConversations: (status: 'open' | 'closed') => ['admin', 'support', status] as const,
  supportConversation: (id: string) => ['admin', 'support', 'conversation', id] as const,
  reportedReviews: (query: object) => ['admin', 'reviews', query] as const,
  contactMessages: (query: object) => ['admin', 'contact', query] as const,
  manualPayouts: (query: object) => ['admin', 'payouts', query] as const,
  noShows: (query: object) => ['admin', 'no-shows', query] as const,
  noSessionReports: ['admin', 'no-session-reports'] as const,
  noSessionReport: (bookingId: string) => ['admin', 'no-session-reports', bookingId] as const,
  charts: (days: number) => ['admin', 'charts', days] as const,
};

/** `?a=1&b=x` of the defined values. */
export function queryString(query: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
