import { lazyDialog } from '#app/ui/lazy-dialog';
import { REVIEW_MODALS } from '../lib/modals';

/** The report form (a form library and its schema), loaded when the reviewed provider opens it. */
export const LazyReportDialog = lazyDialog(REVIEW_MODALS.report, () =>
  import('./report-dialog').then((module) => module.ReportDialog),
);
