/** Names of the /my-credentials dialogs in the modal manager (only one dialog is open at a time). */
export const CREDENTIAL_MODALS = {
  qualification: 'credentials-qualification-upload',
  workExperience: 'credentials-work-experience',
  insurance: 'credentials-indemnity-insurance',
  preview: 'credentials-preview-files',
  reviewNotice: 'credentials-document-review-notice',
} as const;

declare module '#app/ui/modal-manager' {
  interface ModalRegistry {
    'credentials-qualification-upload':
      | { existing: import('@app/shared/schemas/credentials').Qualification }
      | undefined;
    'credentials-work-experience': { entry: import('@app/shared/schemas/credentials').WorkHistory } | undefined;
    'credentials-indemnity-insurance': undefined;
    'credentials-preview-files': { file: import('@app/shared/schemas/credentials').CredentialFile };
    'credentials-document-review-notice': undefined;
  }
}
