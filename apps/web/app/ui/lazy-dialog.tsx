import { type ComponentType, lazy, Suspense, useState } from 'react';
import { type ModalName, useModals } from './modal-manager';

/**
 * A dialog of the modal manager whose code (the dialog library, its form) loads when it first
 * opens, so a page that only offers it keeps it out of its first JavaScript. Once opened it stays
 * mounted, as an eagerly imported dialog would: what was typed or chosen survives closing it, and
 * it closes with its own transition.
 *
 *   export const LazyReportDialog = lazyDialog(REVIEW_MODALS.report, () =>
 *     import('./report-dialog').then((module) => module.ReportDialog));
 */
export function lazyDialog<P extends object>(name: ModalName, load: () => Promise<ComponentType<P>>) {
  const Loaded = lazy(async () => ({ default: await load() }));
  function LazyDialog(props: P) {
    const modals = useModals();
    const [opened, setOpened] = useState(false);
    const open = modals.isOpen(name);
    // Derived from the manager during render (React re-renders at once), so the first open mounts it.
    if (open && !opened) setOpened(true);
    if (!open && !opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
