/** The consent feature's query keys. */
export const consentKeys = {
  all: ['consent'] as const,
  own: () => ['consent', 'own'] as const,
  booking: (bookingId: string) => ['consent', 'booking', bookingId] as const,
  pending: () => ['consent', 'pending'] as const,
  client: (clientId: string) => ['consent', 'client', clientId] as const,
};
