import { languageOf } from '@app/shared/constants';
import { Outlet } from 'react-router';
import { ensureCatalog, preloadCatalog } from '#app/lib/i18n';
import { useSignalPageShown } from '#app/lib/page-shown';
import { useLocaleData } from '#app/lib/shell-data';
import { PageSpinner } from '#app/ui/spinner';
import type { Route } from './+types/app-pages';

/** The words of every page in here (the public and signed-in parts of the catalog). */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  await ensureCatalog(languageOf(params.lang), 'public', 'app');
  return null;
}

/**
 * The signed-in pages whose data loads in the browser only: on a first load the server renders
 * the area's shell (routes/app-layout.tsx) with this spinner where the page goes, and the page
 * replaces it once its clientLoader (and this one's, the words) have run.
 */
export function HydrateFallback() {
  // The server renders this: the words the clientLoader awaits are fetched with the page's modules.
  preloadCatalog(useLocaleData().lang, 'public', 'app');
  return <PageSpinner />;
}

export default function AppPages() {
  useSignalPageShown();
  return <Outlet />;
}
