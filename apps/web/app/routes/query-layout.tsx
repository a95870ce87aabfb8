import { Outlet } from 'react-router';
import { QueryProvider } from '#app/api/query-client';
import { loadPageWords } from '#app/lib/i18n';

// The public pages' words: these pages are server-rendered, so the words are there before they hydrate.
await loadPageWords('public');

/**
 * The public pages that read or change data in the browser (sign-in, sign-up, contact, free
 * times, …) get the query cache here. Home, the directory and a provider's page stay outside it:
 * their first JavaScript carries no query library.
 */
export default function QueryLayout() {
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  );
}
