import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useClearQueries } from '#app/api/deferred-query';
import { setSession } from '#app/api/session';
import { exitViewMode } from '#app/api/view-mode';
import { paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';
import { invalidateSession } from '../api/invalidate-session';

/**
 * Ends the session on the server (best effort), forgets it in the browser and drops every cached
 * query, so nothing of the previous user stays on screen (SPEC.md §4 "Session state resets on logout").
 */
export function useSignOut(): (options?: { to?: string; skipServer?: boolean }) => Promise<void> {
  const clearQueries = useClearQueries();
  const navigate = useNavigate();
  const { lang } = useLocaleData();
  return useCallback(
    async ({ to, skipServer } = {}) => {
      // In view mode the admin's own session signs out, after leaving view mode.
      await exitViewMode('signedOut');
      if (!skipServer) await invalidateSession().catch(() => undefined);
      setSession(null);
      await clearQueries();
      await navigate(to ?? paths.login(lang));
    },
    [clearQueries, navigate, lang],
  );
}
