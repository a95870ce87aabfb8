import type { ImportClientsAnswer } from '@app/shared/schemas/clients';

/** Names of the client dialogs in the modal manager (only one dialog is open at a time). */
export const CLIENT_MODALS = {
  importChoice: 'clients-import-choice',
  importSuccess: 'clients-import-success',
} as const;

declare module '#app/ui/modal-manager' {
  interface ModalRegistry {
    'clients-import-choice': undefined;
    /** Manual import success, or email import success when invitations went out. */
    'clients-import-success': { answer: ImportClientsAnswer };
  }
}
