/** Names of the availability dialogs in the modal manager (only one dialog is open at a time). */
export const AVAILABILITY_MODALS = {
  specificDate: 'availability-specific-date',
} as const;

declare module '#app/ui/modal-manager' {
  interface ModalRegistry {
    'availability-specific-date': { date: string } | undefined;
  }
}
