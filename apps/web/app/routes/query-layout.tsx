import { Outlet } from 'react-router';
import { QueryProvider } from '#app/api/query-client';

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
