/** Names of the back office's dialogs in the modal manager (only one dialog is open at a time). */
export const ADMIN_MODALS = {
  suspension: 'admin-suspension',
  reviewDecision: 'admin-review-decision',
  payoutRecord: 'admin-payout-record',
  noSessionDecision: 'admin-no-session-decision',
} as const;

declare module '#app/ui/modal-manager' {
  interface ModalRegistry {
    'admin-suspension': {
      user: import('@app/shared/schemas/admin').AdminUser;
      change: import('../api/change-suspension').SuspensionChange;
    };
    'admin-review-decision': {
      review: import('@app/shared/schemas/reviews').ReportedReview;
      hide: boolean;
    };
    'admin-no-session-decision': {
      report: import('@app/shared/schemas/session-room').AdminNoSessionReport;
    };
    'admin-payout-record': {
      payout: import('@app/shared/schemas/manual-payouts').ManualPayout;
      outcome: 'paid' | 'failed';
    };
  }
}
