import { type ComponentType, lazy, Suspense, useState } from 'react';
import { loadPageWords } from '#app/lib/i18n';
import { type ModalName, useModals } from './modal-manager';

/**
 * A dialog of the modal manager whose code (the dialog library, its form) loads when it first
 * opens, so a page that only offers it keeps it out of its first JavaScript. Once opened it stays
 * mounted, as an eagerly imported dialog would: what was typed or chosen survives closing it, and
 * it closes with its own transition. It loads with the query cache's provider (`withQueries`): the
 * pages that offer it may have none (home, the directory and a provider's page load without it).
 *
 *   export const LazyReportDialog = lazyDialog(REVIEW_MODALS.report, () =>
 *     import('./report-dialog').then((module) => module.ReportDialog));
 */
export function lazyDialog<P extends object>(name: ModalName, load: () => Promise<ComponentType<P>>) {
  const Loaded = lazy(() => withQueries(load));
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

/**
 * A component loaded on demand, inside the query cache's provider (loaded with it) and with the
 * rest of the catalog (a page loaded only its own words): for what a page without the query
 * library opens later (a dialog, the support chat).
 */
export async function withQueries<P extends object>(
  load: () => Promise<ComponentType<P>>,
): Promise<{ default: ComponentType<P> }> {
  const [Component, { QueryProvider }] = await Promise.all([
    load(),
    import('#app/api/query-client'),
    loadPageWords('public', 'app'),
  ]);
  function WithQueries(props: P) {
    return (
      <QueryProvider>
        <Component {...props} />
      </QueryProvider>
    );
  }
  return { default: WithQueries };
}
