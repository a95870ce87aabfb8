/** Names of the booking dialogs in the modal manager (only one dialog is open at a time). Props: `{ booking }`. */
export const BOOKING_MODALS = {
  cancel: 'booking-cancel',
  reschedule: 'booking-reschedule',
  schedule: 'booking-schedule',
  message: 'booking-message',
  /** Provider: book another session for the appointment's client. */
  bookForClient: 'booking-book-for-client',
} as const;
