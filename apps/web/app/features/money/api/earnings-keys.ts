/** Query keys of the earnings screens; `earningsKeys.all` refreshes them after a payout. */
export const earningsKeys = {
  all: ['earnings'] as const,
  summary: ['earnings', 'summary'] as const,
  charts: ['earnings', 'charts'] as const,
  history: (page: number, perPage: number, language: string) =>
    ['earnings', 'history', page, perPage, language] as const,
  bankAccount: ['earnings', 'bank-account'] as const,
};
