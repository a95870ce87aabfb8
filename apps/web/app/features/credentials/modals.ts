/** Names of the /my-credentials dialogs in the modal manager (only one dialog is open at a time). */
export const CREDENTIAL_MODALS = {
  qualification: 'credentials-qualification-upload',
  workExperience: 'credentials-work-experience',
  insurance: 'credentials-indemnity-insurance',
  preview: 'credentials-preview-files',
  reviewNotice: 'credentials-document-review-notice',
} as const;
