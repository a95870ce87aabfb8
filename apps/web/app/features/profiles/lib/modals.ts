/** Names of the profiles dialogs in the modal manager (only one dialog is open at a time). */
export const PROFILE_MODALS = {
  crop: 'profile-picture-crop',
  deletePicture: 'profile-picture-delete',
  avatar: 'avatar-picker',
  fee: 'provider-fee',
  therapyFee: 'provider-therapy-fee',
  licenseStates: 'provider-license-states',
} as const;

declare module '#app/ui/modal-manager' {
  interface ModalRegistry {
    'profile-picture-crop': undefined;
    'profile-picture-delete': undefined;
    'avatar-picker': undefined;
    'provider-fee': undefined;
    'provider-therapy-fee': undefined;
    'provider-license-states': undefined;
  }
}
