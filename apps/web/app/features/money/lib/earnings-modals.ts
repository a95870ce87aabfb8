/** Names of the earnings dialogs in the modal manager (only one dialog is open at a time). */
export const EARNINGS_MODALS = {
  payout: 'earnings-payout',
} as const;

declare module '#app/ui/modal-manager' {
  interface ModalRegistry {
    'earnings-payout': undefined;
  }
}
