/** Query keys of the wallet screens; `walletKeys.all` refreshes everything after money moved. */
export const walletKeys = {
  all: ['wallet'] as const,
  balance: ['wallet', 'balance'] as const,
  stats: ['wallet', 'stats'] as const,
  charts: ['wallet', 'charts'] as const,
  transactions: (filters: Record<string, unknown>, language: string) =>
    ['wallet', 'transactions', filters, language] as const,
  transaction: (id: string, language: string) => ['wallet', 'transaction', id, language] as const,
  virtualAccount: ['wallet', 'virtual-account'] as const,
  paymentStatus: (reference: string) => ['payments', 'status', reference] as const,
};
