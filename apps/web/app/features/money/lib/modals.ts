/** Names of the wallet dialogs in the modal manager (only one dialog is open at a time). */
export const WALLET_MODALS = {
  topUp: 'wallet-top-up',
} as const;

declare module '#app/ui/modal-manager' {
  interface ModalRegistry {
    'wallet-top-up': undefined;
  }
}
