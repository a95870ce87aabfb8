import { lazyDialog } from '#app/ui/lazy-dialog';
import { DIRECTORY_MODALS } from '../lib/modals';

/** The state picker, loaded when it first opens (home and directory offer it; few open it). */
export const LazyStatePickerDialog = lazyDialog(DIRECTORY_MODALS.selectState, () =>
  import('./state-picker-dialog').then((module) => module.StatePickerDialog),
);
