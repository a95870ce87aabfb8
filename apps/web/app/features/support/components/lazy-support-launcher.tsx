import { lazy, Suspense } from 'react';

/**
 * The launcher decides in the browser (a feature flag, the page's path) whether the chat shows,
 * never on the server: its code (the flags' query, the paths it hides on) waits until after the
 * page is interactive, so a page's first JavaScript carries none of it (the booking step is at its
 * budget, and hides the chat anyway).
 */
const SupportLauncher = lazy(() =>
  import('./support-launcher').then((module) => ({ default: module.SupportLauncher })),
);

export function LazySupportLauncher() {
  return (
    <Suspense fallback={null}>
      <SupportLauncher />
    </Suspense>
  );
}
