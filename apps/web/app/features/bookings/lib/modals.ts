import type { Booking } from '@app/shared/schemas/bookings';

/** Names of the booking dialogs in the modal manager (only one dialog is open at a time). Props: `{ booking }`. */
export const BOOKING_MODALS = {
  cancel: 'booking-cancel',
  reschedule: 'booking-reschedule',
  schedule: 'booking-schedule',
  message: 'booking-message',
  /** Provider: decline a client's booking (confirmation, reason, what happens to the money). */
  decline: 'booking-decline',
  /** Provider: book another session for the appointment's client. */
  bookForClient: 'booking-book-for-client',
} as const;

export type BookingModalName = (typeof BOOKING_MODALS)[keyof typeof BOOKING_MODALS];

/** Whom the provider books for: a client, with the therapy and session type to start from. */
export interface BookForClientTarget {
  client: { identifier: string; name: string };
  providerIdentifier: string;
  therapyIdentifier?: string;
  modalityIdentifier?: string;
}

declare module '#app/ui/modal-manager' {
  interface ModalRegistry {
    'booking-cancel': { booking: Booking };
    'booking-reschedule': { booking: Booking };
    'booking-schedule': { booking: Booking };
    'booking-message': { booking: Booking };
    'booking-decline': { booking: Booking };
    /** From an appointment (`booking`), or from a client's page (`target`: a client who may have no booking yet). */
    'booking-book-for-client': { booking: Booking } | { target: BookForClientTarget };
  }
}
