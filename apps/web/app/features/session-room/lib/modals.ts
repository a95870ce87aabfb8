/** The dialogs of the session outcome (one open at a time, through the modal manager). */
export const SESSION_MODALS = {
  /** Provider: confirm recording a client no-show. */
  noShow: 'session-no-show',
  /** Client: pick the replacement of a missed or interrupted session. */
  rebook: 'session-rebook',
  /** Client: report that the session did not take place, with the reason. */
  noSessionReport: 'session-no-session-report',
} as const;

declare module '#app/ui/modal-manager' {
  interface ModalRegistry {
    'session-no-show': undefined;
    'session-rebook': undefined;
    'session-no-session-report': undefined;
  }
}
