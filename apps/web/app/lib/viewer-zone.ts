import { useDeferredQuery } from '#app/api/deferred-query';
import { userInfoQuery } from '#app/api/get-user-info';
import { useDisplayZone } from './browser-zone';
import { useSession } from './use-session';

/**
 * The zone a viewer sees slots in: the signed-in user's saved zone, else the browser's (Intl).
 * null until known (while rendering on the server, hydrating or loading the user).
 */
export function useViewerZone(): string | null {
  const session = useSession();
  // Deferred: the directory and a provider's page show times without the query library in their first load.
  const user = useDeferredQuery(userInfoQuery, session !== null);
  const saved = session ? user.data?.timezone : undefined;
  const fallback = useDisplayZone(saved);
  if (session && user.isPending) return null;
  return saved || fallback;
}
