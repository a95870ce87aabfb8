/** Names of the directory's dialogs in the modal manager. */
export const DIRECTORY_MODALS = {
  /** SPEC.md §2 "Select state (US states picker)": a searchable state list with a Find Therapist button. */
  selectState: 'directory-select-state',
} as const;

declare module '#app/ui/modal-manager' {
  interface ModalRegistry {
    'directory-select-state': undefined;
  }
}
