/** Names of the waitlist's dialogs in the modal manager. */
export const WAITLIST_MODALS = {
  /** A client joins (or leaves) a provider's waitlist from the provider's page. */
  join: 'waitlist-join',
} as const;

declare module '#app/ui/modal-manager' {
  interface ModalRegistry {
    'waitlist-join': { providerId: string; providerName: string; categoryId: string | null };
  }
}
