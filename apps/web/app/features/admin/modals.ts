/** Names of the back office's dialogs in the modal manager (only one dialog is open at a time). */
export const ADMIN_MODALS = {
  suspension: 'admin-suspension',
} as const;

declare module '#app/ui/modal-manager' {
  interface ModalRegistry {
    'admin-suspension': {
      user: import('@app/shared/schemas/admin').AdminUser;
      change: import('./api/change-suspension').SuspensionChange;
    };
  }
}
