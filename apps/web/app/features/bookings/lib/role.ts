import type { Role } from '#app/api/session';
import { useSession } from '#app/lib/use-session';
import type { BookingRole } from '../api/keys';

export function bookingRoleOf(role: Role | undefined): BookingRole {
  return role === 'provider' ? 'provider' : 'client';
}

/** The signed-in user's side of a booking. */
export function useBookingRole(): BookingRole {
  return bookingRoleOf(useSession()?.role);
}
