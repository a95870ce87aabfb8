import { lazy, Suspense } from 'react';
import { useModalBinding } from '#app/ui/modal-manager';

const LocationModal = lazy(() => import('./location-modal').then((module) => ({ default: module.LocationModal })));

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
