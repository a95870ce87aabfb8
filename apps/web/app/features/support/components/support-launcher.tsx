import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useFlag } from '#app/api/get-flags';
import { useLocaleData } from '#app/lib/shell-data';
import { withQueries } from '#app/ui/lazy-dialog';
import { isSupportLauncherHidden } from '../lib/visibility';

/** The chat itself is its own chunk (with the query cache): its script is requested only when the launcher shows. */
const SupportWidget = lazy(() => withQueries(() => import('./support-widget').then((module) => module.default)));

/**
 * The support chat launcher of every layout (SPEC.md §1, §2): shown only when the flag
 * show_support_livechat is on for this visitor and the page is not one where it hides. The flag
 * is read in the browser, so the server-rendered page is the same for everyone.
 */
export function SupportLauncher() {
  const { countryCode } = useLocaleData();
  const { pathname } = useLocation();
  const on = useFlag('show_support_livechat', countryCode);
  if (!on || isSupportLauncherHidden(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <SupportWidget />
    </Suspense>
  );
}
