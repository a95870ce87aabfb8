import { lazyDialog } from '#app/ui/lazy-dialog';
import { REVIEW_MODALS } from '../lib/modals';

/** The reply form (a form library and its schema), loaded when the reviewed provider opens it. */
export const LazyReplyDialog = lazyDialog(REVIEW_MODALS.reply, () =>
  import('./reply-dialog').then((module) => module.ReplyDialog),
);
