import { requireRole } from '../../../platform/auth-guard.ts';

/**
 * The session routes answer under the same addresses and tags as the bookings they belong to
 * (/booking/{id}/… for the client, /appointment/{id}/… for the provider): the two sides' guards and
 * tags are bookings', the room's own tag and the back office's guard are here.
 */
export { appointmentTags, bookingsTags, client, provider, security } from '../../bookings/routes/common.ts';

export const roomTags = ['session room'];
export const admin = requireRole('admin');
