import { lazy, Suspense } from 'react';
import { withQueries } from '#app/ui/lazy-dialog';
import { useModalBinding } from '#app/ui/modal-manager';

const LocationModal = lazy(() => withQueries(() => import('./location-modal').then((module) => module.LocationModal)));

/**
 * The country and language dialog, loaded when it first opens: its dialog and searchable select
 * (the UI library's heaviest parts) stay out of the JavaScript every page loads first.
 */
export function LazyLocationModal() {
  const { open } = useModalBinding('location');
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LocationModal />
    </Suspense>
  );
}
