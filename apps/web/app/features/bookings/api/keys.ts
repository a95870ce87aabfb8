import type { BookingStatus } from '@app/shared/schemas/bookings';

/** Who looks at a booking: clients use /booking…, providers /appointment… (SPEC.md §6). */
export type BookingRole = 'client' | 'provider';

/** Query keys of the booking screens (one place, so mutations invalidate the right data). */
export const bookingKeys = {
  all: ['bookings'] as const,
  lists: ['bookings', 'list'] as const,
  list: (role: BookingRole, statuses: readonly BookingStatus[], page: number) =>
    ['bookings', 'list', role, statuses.join(','), page] as const,
  one: (role: BookingRole, id: string) => ['bookings', 'one', role, id] as const,
  details: (role: BookingRole, id: string) => ['bookings', 'details', role, id] as const,
  series: (role: BookingRole, id: string) => ['bookings', 'series', role, id] as const,
  cancellationPolicy: (id: string) => ['bookings', 'policy', 'cancellation', id] as const,
  reschedulePolicy: (id: string) => ['bookings', 'policy', 'reschedule', id] as const,
};

/** `/booking/{id}…` for a client, `/appointment/{id}…` for a provider. */
export function bookingPath(role: BookingRole, id: string, suffix = ''): string {
  return `/${role === 'client' ? 'booking' : 'appointment'}/${encodeURIComponent(id)}${suffix}`;
}
