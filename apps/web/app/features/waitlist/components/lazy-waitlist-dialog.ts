import { lazyDialog } from '#app/ui/lazy-dialog';
import { WAITLIST_MODALS } from '../lib/modals';

/** The waitlist form (a form library and its schema), loaded when a client opens it on a provider's page. */
export const LazyWaitlistDialog = lazyDialog(WAITLIST_MODALS.join, () =>
  import('./waitlist-dialog').then((module) => module.WaitlistDialog),
);
