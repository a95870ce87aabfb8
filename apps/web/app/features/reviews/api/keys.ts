/** Query keys of reviews. */
export const reviewKeys = {
  all: ['reviews'] as const,
  ofBooking: (bookingId: string) => ['reviews', 'booking', bookingId] as const,
};
